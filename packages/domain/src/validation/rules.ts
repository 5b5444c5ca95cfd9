/**
 * The generic validation rule set (the rules named below; is and is_not are deliberately left
 * out), written once and used by the forms in the browser and by the API on the server. A
 * failing rule names a catalogue key under `validation` and the parameters its message needs;
 * the caller translates.
 */

export type RuleName =
  | "alpha"
  | "alpha_dash"
  | "alpha_num"
  | "alpha_spaces"
  | "between"
  | "confirmed"
  | "digits"
  | "dimensions"
  | "double"
  | "email"
  | "excluded"
  | "ext"
  | "image"
  | "integer"
  | "length"
  | "max"
  | "max_value"
  | "mimes"
  | "min"
  | "min_value"
  | "numeric"
  | "oneOf"
  | "regex"
  | "required"
  | "required_if"
  | "size";

export type RuleParams = Record<string, string | number>;

/** What a file input holds, in the shape both a browser File and an upload record can give. */
export type FileLike = { name: string; type: string; size: number; width?: number; height?: number };

/** Other fields of the same form, for rules that compare (confirmed, required_if). */
export type FormValues = Record<string, unknown>;

export type Rule = {
  name: RuleName;
  params?: RuleParams;
  /** Required-type rules run on empty values; every other rule skips an empty optional field. */
  runsOnEmpty?: boolean;
  test(value: unknown, form: FormValues): boolean;
};

export type RuleFailure = { rule: RuleName; params: RuleParams };

// Letters of every script the product is written in: Latin with accents, Cyrillic, Arabic.
const letter = "\\p{L}\\p{M}";
const alphaPattern = new RegExp(`^[${letter}]+$`, "u");
const alphaDashPattern = new RegExp(`^[${letter}\\p{Nd}_-]+$`, "u");
const alphaNumPattern = new RegExp(`^[${letter}\\p{Nd}]+$`, "u");
const alphaSpacesPattern = new RegExp(`^[${letter}\\s]+$`, "u");
const imageExtensions = ["jpg", "svg", "jpeg", "png", "bmp", "gif", "webp"];

export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

const asText = (value: unknown) => (typeof value === "number" ? String(value) : typeof value === "string" ? value : "");
const asNumber = (value: unknown) => {
  const text = asText(value).trim();
  return text === "" ? Number.NaN : Number(text);
};
const filesOf = (value: unknown): FileLike[] => (Array.isArray(value) ? value : [value]) as FileLike[];
const extensionOf = (file: FileLike) => file.name.split(".").pop()?.toLowerCase() ?? "";

// A practical address check: one @, a dotted domain, no spaces; the server confirms by sending mail.
const emailPattern = /^[^\s@,;]+@[^\s@,;.]+(\.[^\s@,;.]+)+$/;
export const isEmailAddress = (text: string) => text.length <= 254 && emailPattern.test(text);

export const rules = {
  required: (): Rule => ({ name: "required", runsOnEmpty: true, test: (value) => !isEmpty(value) }),
  required_if: (field: string, expected: unknown): Rule => ({
    name: "required_if",
    params: { target: field },
    runsOnEmpty: true,
    test: (value, form) => form[field] !== expected || !isEmpty(value),
  }),
  alpha: (): Rule => ({ name: "alpha", test: (value) => alphaPattern.test(asText(value)) }),
  alpha_dash: (): Rule => ({ name: "alpha_dash", test: (value) => alphaDashPattern.test(asText(value)) }),
  alpha_num: (): Rule => ({ name: "alpha_num", test: (value) => alphaNumPattern.test(asText(value)) }),
  alpha_spaces: (): Rule => ({ name: "alpha_spaces", test: (value) => alphaSpacesPattern.test(asText(value)) }),
  between: (min: number, max: number): Rule => ({
    name: "between",
    params: { min, max },
    test: (value) => asNumber(value) >= min && asNumber(value) <= max,
  }),
  confirmed: (field: string): Rule => ({
    name: "confirmed",
    params: { target: field },
    test: (value, form) => value === form[field],
  }),
  digits: (length: number): Rule => ({
    name: "digits",
    params: { length },
    test: (value) => /^\d+$/.test(asText(value)) && asText(value).length === length,
  }),
  dimensions: (width: number, height: number): Rule => ({
    name: "dimensions",
    params: { width, height },
    test: (value) => filesOf(value).every((file) => file.width === width && file.height === height),
  }),
  double: (decimals?: number): Rule => ({
    name: "double",
    params: decimals === undefined ? {} : { decimals },
    test: (value) =>
      new RegExp(`^-?\\d+([.,]\\d${decimals === undefined ? "+" : `{${decimals}}`})?$`).test(asText(value).trim()),
  }),
  email: (options: { multiple?: boolean } = {}): Rule => ({
    name: "email",
    test: (value) => {
      const text = asText(value).trim();
      const addresses = options.multiple ? text.split(",").map((part) => part.trim()) : [text];
      return addresses.every(isEmailAddress);
    },
  }),
  excluded: (values: readonly (string | number)[]): Rule => ({
    name: "excluded",
    test: (value) => !values.map(String).includes(asText(value)),
  }),
  ext: (extensions: readonly string[]): Rule => ({
    name: "ext",
    test: (value) => filesOf(value).every((file) => extensions.includes(extensionOf(file))),
  }),
  image: (): Rule => ({
    name: "image",
    test: (value) => filesOf(value).every((file) => imageExtensions.includes(extensionOf(file))),
  }),
  integer: (): Rule => ({ name: "integer", test: (value) => /^-?\d+$/.test(asText(value).trim()) }),
  length: (length: number): Rule => ({
    name: "length",
    params: { length },
    test: (value) => (Array.isArray(value) ? value.length : [...asText(value)].length) === length,
  }),
  max: (length: number): Rule => ({
    name: "max",
    params: { length },
    test: (value) => [...asText(value)].length <= length,
  }),
  min: (length: number): Rule => ({
    name: "min",
    params: { length },
    test: (value) => [...asText(value)].length >= length,
  }),
  max_value: (max: number): Rule => ({ name: "max_value", params: { max }, test: (value) => asNumber(value) <= max }),
  min_value: (min: number): Rule => ({ name: "min_value", params: { min }, test: (value) => asNumber(value) >= min }),
  mimes: (types: readonly string[]): Rule => ({
    name: "mimes",
    test: (value) =>
      filesOf(value).every((file) =>
        types.some((type) => (type.endsWith("/*") ? file.type.startsWith(type.slice(0, -1)) : file.type === type)),
      ),
  }),
  numeric: (): Rule => ({ name: "numeric", test: (value) => /^\d+$/.test(asText(value).trim()) }),
  oneOf: (values: readonly (string | number)[]): Rule => ({
    name: "oneOf",
    test: (value) => values.map(String).includes(asText(value)),
  }),
  regex: (pattern: RegExp): Rule => ({ name: "regex", test: (value) => pattern.test(asText(value)) }),
  /** Size in kilobytes. */
  size: (kilobytes: number): Rule => ({
    name: "size",
    params: { size: kilobytes },
    test: (value) => filesOf(value).every((file) => file.size <= kilobytes * 1024),
  }),
} as const;

/** The first rule the value breaks, or nothing. An empty optional field passes. */
export function validateValue(
  value: unknown,
  fieldRules: readonly Rule[],
  form: FormValues = {},
): RuleFailure | undefined {
  const empty = isEmpty(value);
  for (const rule of fieldRules) {
    if (empty && !rule.runsOnEmpty) continue;
    if (!rule.test(value, form)) return { rule: rule.name, params: rule.params ?? {} };
  }
  return undefined;
}
