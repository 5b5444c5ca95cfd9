import { Readable } from "node:stream";
import fc from "fast-check";

/** The part of JSON Schema (draft 2020-12, as `z.toJSONSchema` writes it) the fuzzer reads. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/**
 * Values worth trying for a property by its name, besides what its schema allows: tokens and
 * ids the test database knows, so valid requests reach the domain code instead of a 404.
 */
export type FuzzHints = Record<string, fc.Arbitrary<unknown>>;

/** Where a near-valid value differs from a valid one, for naming the field a 400 must name. */
export type Mutation = { path: (string | number)[]; kind: string };

/**
 * Text that has broken parsers and databases before: lone surrogates, NUL, direction and
 * zero-width marks, stacked combining characters, emoji sequences, 4-byte characters.
 */
export const unicodeEdgeCases: readonly string[] = [
  "\uD800",
  "\uDFFF",
  "a\uD83Db",
  "\u0000",
  "nul\u0000inside",
  "\u202Eevil\u202C",
  "\u200F\u061C\u200E",
  "\u200B\u200C\u200D\uFEFF",
  "e\u0301\u0302\u0303\u0304\u0305\u0306\u0307\u0308",
  "👩‍👩‍👧‍👦",
  "🏳️‍🌈",
  "𝕏𝔂𝟘",
  "\u{10FFFF}",
  "\r\n\t\u000B\u000C",
  "\u2028\u2029",
  "%00%ff",
  "' or 1=1 --",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "\\u0000",
];

/** Any text at all, weighted towards the edge cases above. */
export function nastyString(maxLength = 200): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...unicodeEdgeCases) },
    { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...unicodeEdgeCases), fc.string({ maxLength: 10 }))
        .map(([edge, text]) => `${text}${edge}${text}`),
    },
  );
}

/**
 * A body as `inject` sends it in chunks: `Transfer-Encoding: chunked`, no length, its UTF-8
 * bytes cut at the given offsets (inside a character too, as a network may cut them).
 */
export function chunkedPayload(
  text: string,
  cuts: readonly number[],
): { payload: Readable; headers: Record<string, string> } {
  const bytes = Buffer.from(text);
  const offsets = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks = [0, ...offsets]
    .map((start, index) => bytes.subarray(start, offsets[index] ?? bytes.length))
    .filter((chunk) => chunk.length > 0);
  return { payload: Readable.from(chunks), headers: { "transfer-encoding": "chunked" } };
}

/** A string far longer than any field allows; stays well below the body limit. */
export const hugeString: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom("a", "é", "😀", "\u0000", "\u202E"), fc.integer({ min: 1_000, max: 40_000 }))
  .map(([unit, times]) => unit.repeat(times));

/** JSON values of every type, for "wrong type" replacements. */
const wrongTypeValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -1e308, "", [], {}, [null], { a: 1 }, "0", "true", "null"),
  nastyString(20),
  hugeString,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

/** Values the schema accepts (as far as JSON Schema says: zod refinements may still refuse some). */
export function validValue(schema: JsonSchema, hints: FuzzHints = {}, name?: string): fc.Arbitrary<unknown> {
  const own = ownValue(schema, hints);
  const hint = name === undefined ? undefined : hints[name];
  return hint ? fc.oneof({ weight: 3, arbitrary: hint }, { weight: 1, arbitrary: own }) : own;
}

function ownValue(schema: JsonSchema, hints: FuzzHints): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => validValue(alternative, hints)));
  if (schema.allOf?.[0]) return validValue(schema.allOf[0], hints);
  const [type] = typesOf(schema);
  switch (type) {
    case "object":
      return objectValue(schema, hints);
    case "array":
      return fc.array(validValue(schema.items ?? {}, hints), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, (schema.minItems ?? 0) + 5),
      });
    case "string":
      return stringValue(schema);
    case "integer":
    case "number":
      return numberValue(schema, type === "integer");
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    default:
      // No type: zod said "anything" (or could not express its type); try a little of everything.
      return fc.oneof(fc.string({ maxLength: 30 }), fc.integer(), fc.boolean(), fc.constant(null));
  }
}

function objectValue(schema: JsonSchema, hints: FuzzHints): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const model = Object.fromEntries(
    Object.entries(properties).map(([key, property]) => [key, validValue(property, hints, key)]),
  );
  const known = fc.record(model, { requiredKeys: [...required].filter((key) => key in properties) });
  const extra = schema.additionalProperties;
  if (!extra || extra === true) return known;
  const keys = schema.propertyNames ? stringValue(schema.propertyNames) : fc.string({ minLength: 1, maxLength: 20 });
  return fc
    .tuple(known, fc.dictionary(keys, validValue(extra, hints), { maxKeys: 5 }))
    .map(([fields, more]) => ({ ...more, ...fields }));
}

function stringValue(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? 200;
  const fits = (value: string) => value.length >= minLength && value.length <= maxLength;
  if (schema.format === "email") return fc.emailAddress().filter(fits);
  if (schema.format === "uri") return fc.webUrl({ withQueryParameters: true, withFragments: true }).filter(fits);
  if (schema.format === "uuid") return fc.uuid();
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength: Math.min(maxLength, 60) }) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", minLength, maxLength: Math.min(maxLength, 60) }) },
    { weight: 1, arbitrary: nastyString(maxLength).filter(fits) },
    { weight: 1, arbitrary: fc.constant("x".repeat(Math.max(minLength, Math.min(maxLength, 10_000)))) },
  );
}

function numberValue(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lowest = schema.minimum ?? (schema.exclusiveMinimum === undefined ? undefined : schema.exclusiveMinimum + 1);
  const highest = schema.maximum ?? (schema.exclusiveMaximum === undefined ? undefined : schema.exclusiveMaximum - 1);
  const min = Math.max(lowest ?? -1e9, Number.MIN_SAFE_INTEGER);
  const max = Math.min(highest ?? 1e9, Number.MAX_SAFE_INTEGER);
  const edges = fc.constantFrom(...[min, max, 0, 1].filter((value) => value >= min && value <= max));
  const any = integer
    ? fc.integer({ min, max })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((value) => (Object.is(value, -0) ? 0 : value));
  return fc.oneof(edges, any);
}

type Mutated = { value: unknown; mutation: Mutation };

/**
 * Near-valid values: a valid value with one change somewhere inside it (a field removed, of
 * the wrong type, out of range, empty, huge, full of unicode edge cases, or an extra field).
 */
export function mutatedValue(schema: JsonSchema, hints: FuzzHints = {}): fc.Arbitrary<Mutated> {
  return fc
    .tuple(validValue(schema, hints), fc.infiniteStream(fc.nat()), fc.infiniteStream(wrongTypeValue), nastyKey)
    .map(([value, choices, wrongTypes, extraKey]) => {
      const picks = choices[Symbol.iterator]();
      const next = () => picks.next().value ?? 0;
      const wrongs = wrongTypes[Symbol.iterator]();
      const invalid = (inner: JsonSchema) => pickInvalid(inner, next(), () => wrongs.next().value);
      return mutate(schema, value, [], next, invalid, extraKey);
    });
}

function pickInvalid(schema: JsonSchema, seed: number, wrongType: () => unknown): unknown {
  const [type] = typesOf(schema);
  const candidates: unknown[] = [wrongType(), null, "", {}];
  if (type === "string" || schema.enum) {
    candidates.push(
      "\u0000",
      unicodeEdgeCases[seed % unicodeEdgeCases.length],
      "z".repeat(Math.min((schema.maxLength ?? 40_000) + 1, 40_001)),
      (schema.minLength ?? 0) > 0 ? "" : 12,
    );
    if (schema.enum) candidates.push(`${String(schema.enum[seed % schema.enum.length])} `);
  }
  if (type === "integer" || type === "number") {
    candidates.push(Number.MAX_SAFE_INTEGER + 2, 1e21, 0.5, -1, "12");
    if (schema.minimum !== undefined) candidates.push(schema.minimum - 1);
    if (schema.exclusiveMinimum !== undefined) candidates.push(schema.exclusiveMinimum);
    if (schema.maximum !== undefined) candidates.push(schema.maximum + 1);
  }
  if (type === "array") {
    candidates.push(
      [],
      Array.from({ length: (schema.maxItems ?? 100) + 1 }, () => null),
      "[]",
    );
  }
  return candidates[seed % candidates.length];
}

const nastyKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("extra", "constructor", "toString", "", "\u0000", "\uD800", "a".repeat(2_000), "user_token "),
  fc.string({ maxLength: 20 }),
);

function mutate(
  schema: JsonSchema,
  value: unknown,
  path: (string | number)[],
  next: () => number,
  invalid: (schema: JsonSchema) => unknown,
  extraKey: string,
): Mutated {
  const descend = next() % 3 !== 0;
  if (descend && value && typeof value === "object" && !Array.isArray(value) && schema.properties) {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record).filter((key) => schema.properties?.[key]);
    const choice = next() % 4;
    if (choice === 0 && keys.length > 0) {
      // Drop a field (a required one when there is one, which the schema must refuse).
      const required = keys.filter((key) => schema.required?.includes(key));
      const pool = required.length > 0 ? required : keys;
      const key = pool[next() % pool.length] as string;
      const { [key]: _removed, ...rest } = record;
      return { value: rest, mutation: { path: [...path, key], kind: "missing field" } };
    }
    if (choice === 1) {
      return { value: { ...record, [extraKey]: invalid({}) }, mutation: { path, kind: "extra field" } };
    }
    if (keys.length > 0) {
      const key = keys[next() % keys.length] as string;
      const inner = mutate(schema.properties[key] ?? {}, record[key], [...path, key], next, invalid, extraKey);
      return { value: { ...record, [key]: inner.value }, mutation: inner.mutation };
    }
  }
  if (descend && Array.isArray(value) && value.length > 0 && schema.items) {
    const index = next() % value.length;
    const inner = mutate(schema.items, value[index], [...path, index], next, invalid, extraKey);
    const copy = [...value];
    copy[index] = inner.value;
    return { value: copy, mutation: inner.mutation };
  }
  return { value: invalid(schema), mutation: { path, kind: "replaced" } };
}
