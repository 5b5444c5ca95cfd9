import type { Locale } from "./locales.ts";

/** One language's messages: the parsed JSON catalogue. */
export type Catalogue = Record<string, unknown>;

/** Values for a message's {{placeholders}}, plus the three options the catalogues rely on. */
export type TranslateOptions = {
  /** Picks the language's plural form (`key_one`, `key_few`, …) by Intl.PluralRules. */
  count?: number;
  /** Picks `key_<context>` when the catalogue has it. */
  context?: string;
  /** Said when the key is missing, instead of the key itself. */
  defaultValue?: string;
  [placeholder: string]: unknown;
};

export type Translate = (key: string, options?: TranslateOptions) => string;

export type Translator = {
  readonly language: Locale;
  /** Keys of the default catalogue; `namespace:key` reaches another namespace. */
  readonly t: Translate;
  /** The same, with keys resolved in one namespace first (the console's texts). */
  namespace(name: string): Translate;
};

const placeholder = /\{\{\s*([\w.]+)\s*\}\}/g;

function lookup(catalogue: Catalogue | undefined, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

/**
 * Messages of one language, in the catalogues' format (nested keys, {{placeholders}}, plural
 * suffixes by CLDR category, `_context` variants, `namespace:key`). It replaces i18next, whose
 * 14 KB gzipped the funnel pages downloaded for these few features (issue 10's script budget).
 */
export function createTranslator(
  locale: Locale,
  catalogue: Catalogue,
  namespaces: Record<string, Catalogue> = {},
): Translator {
  const plurals = new Intl.PluralRules(locale);
  const catalogues: Record<string, Catalogue> = { ...namespaces, translation: catalogue };

  const resolve = (defaultNamespace: string, fullKey: string, options: TranslateOptions): string | undefined => {
    const separator = fullKey.indexOf(":");
    const prefix = separator > 0 ? fullKey.slice(0, separator) : undefined;
    const [namespace, key] =
      prefix && prefix in catalogues ? [prefix, fullKey.slice(separator + 1)] : [defaultNamespace, fullKey];
    const bases = options.context ? [`${key}_${options.context}`, key] : [key];
    for (const base of bases) {
      if (typeof options.count === "number") {
        const plural = lookup(catalogues[namespace], `${base}_${plurals.select(options.count)}`);
        if (plural !== undefined) return plural;
      }
      const message = lookup(catalogues[namespace], base);
      if (message !== undefined) return message;
    }
    return undefined;
  };

  const translate =
    (namespace: string): Translate =>
    (key, options = {}) =>
      (resolve(namespace, key, options) ?? options.defaultValue ?? key).replace(placeholder, (_, name: string) => {
        const value = options[name];
        return value === undefined || value === null ? "" : String(value);
      });

  const bound = new Map<string, Translate>();
  const namespace = (name: string): Translate => {
    let t = bound.get(name);
    if (!t) {
      t = translate(name);
      bound.set(name, t);
    }
    return t;
  };
  return { language: locale, t: namespace("translation"), namespace };
}
