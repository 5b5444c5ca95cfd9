import type { Locale } from "./locales.ts";
import type { ConsoleKey, MessageKey } from "./message-keys.ts";

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

/** Says the message of a key that exists in the catalogue: a missing key does not compile. */
export type Translate<Key extends string = MessageKey> = (key: Key, options?: TranslateOptions) => string;

/**
 * For a key known only at run time (one a server answer carries, perhaps none): the message, or
 * undefined when there is no key or the catalogue has no message for it, so the caller decides what
 * to show instead of showing the key.
 */
export type TranslateIfKnown = (key: string | null | undefined, options?: TranslateOptions) => string | undefined;

/** The namespaces besides the default catalogue, each with its keys. */
export type NamespaceKeys = { console: ConsoleKey };

/** A key of the default catalogue, or `namespace:key` for another namespace's. */
export type PrefixedKey<Key extends string, Spaces> =
  | Key
  | { [Name in keyof Spaces & string]: `${Name}:${Spaces[Name] & string}` }[keyof Spaces & string];

export type Translator<Key extends string = MessageKey, Spaces = NamespaceKeys> = {
  readonly language: Locale;
  /** Keys of the default catalogue; `namespace:key` reaches another namespace. */
  readonly t: Translate<PrefixedKey<Key, Spaces>>;
  /** The same, with keys resolved in one namespace first (the console's texts). */
  namespace<Name extends keyof Spaces & string>(name: Name): Translate<Spaces[Name] & string>;
  /** A run-time key in the default catalogue (or `namespace:key`), or in the named namespace. */
  ifKnown(namespace?: keyof Spaces & string): TranslateIfKnown;
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
 * 14 KB gzipped the funnel pages downloaded for these few features, against a script budget
 * the pages already exceed (ADR 0025).
 */
export function createTranslator<Key extends string = MessageKey, Spaces = NamespaceKeys>(
  locale: Locale,
  catalogue: Catalogue,
  namespaces: Partial<Record<keyof NoInfer<Spaces> & string, Catalogue>> = {},
): Translator<Key, Spaces> {
  const plurals = new Intl.PluralRules(locale);
  const catalogues: Record<string, Catalogue | undefined> = { ...namespaces, translation: catalogue };

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

  const fill = (message: string, options: TranslateOptions) =>
    message.replace(placeholder, (_, name: string) => {
      const value = options[name];
      return value === undefined || value === null ? "" : String(value);
    });
  const translate =
    (namespace: string): Translate<string> =>
    (key, options = {}) =>
      fill(resolve(namespace, key, options) ?? options.defaultValue ?? key, options);
  const translateIfKnown =
    (namespace: string): TranslateIfKnown =>
    (key, options = {}) => {
      const message = key ? resolve(namespace, key, options) : undefined;
      return message === undefined ? undefined : fill(message, options);
    };

  // One function per namespace, so a component's `t` keeps its identity across renders.
  const namespace = perNamespace(translate);
  const knownIn = perNamespace(translateIfKnown);
  const ifKnown = (name = "translation") => knownIn(name);
  return { language: locale, t: namespace("translation"), namespace, ifKnown };
}

/** `make(name)` made once per name and kept. */
function perNamespace<Made>(make: (name: string) => Made): (name: string) => Made {
  const made = new Map<string, Made>();
  return (name) => {
    let value = made.get(name);
    if (value === undefined) {
      value = make(name);
      made.set(name, value);
    }
    return value;
  };
}
