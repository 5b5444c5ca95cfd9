import type { Locale } from "@kinderready/i18n/locales";
import type { i18n as I18n } from "i18next";
import { type Catalogue, createI18n } from "./create-i18n.ts";

// On the server every language is in memory; one instance per language is created once.
const files = import.meta.glob<Catalogue>("../../../../packages/i18n/catalogues/*.json", {
  eager: true,
  import: "default",
});
const instances = new Map<Locale, I18n>();

export function serverI18n(locale: Locale): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    const catalogue = files[`../../../../packages/i18n/catalogues/${locale}.json`];
    if (!catalogue) throw new Error(`No catalogue for ${locale}`);
    instance = createI18n(locale, catalogue);
    instances.set(locale, instance);
  }
  return instance;
}
