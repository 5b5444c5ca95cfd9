import { createInstance, type i18n as I18n } from "i18next";
import type { Locale } from "./locales.ts";

/** One language's messages: the parsed JSON catalogue. */
export type Catalogue = Record<string, unknown>;

/**
 * One i18next instance for one language with its catalogue already in memory, so the first
 * render (server and hydration alike) is in the right language with no flash of English.
 * Other namespaces (the operator console's) come only to the pages that use them.
 */
export function createI18n(locale: Locale, catalogue: Catalogue, namespaces: Record<string, Catalogue> = {}): I18n {
  const instance = createInstance();
  void instance.init({
    lng: locale,
    // Every key exists in every language (a test enforces it), so English is never borrowed.
    fallbackLng: false,
    resources: { [locale]: { ...namespaces, translation: catalogue } },
    defaultNS: "translation",
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
