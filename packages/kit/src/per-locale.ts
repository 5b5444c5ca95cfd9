import type { Locale } from "@kinderready/i18n/locales";

/** A value per language, made on first use and kept for the life of the process. */
export function perLocale<T>(load: (locale: Locale) => T): (locale: Locale) => T {
  const loaded = new Map<Locale, T>();
  return (locale) => {
    let value = loaded.get(locale);
    if (value === undefined) {
      value = load(locale);
      loaded.set(locale, value);
    }
    return value;
  };
}
