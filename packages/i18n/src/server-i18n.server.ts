import type { i18n as I18n } from "i18next";
import ar from "../catalogues/ar.json" with { type: "json" };
import de from "../catalogues/de.json" with { type: "json" };
import en from "../catalogues/en.json" with { type: "json" };
import es from "../catalogues/es.json" with { type: "json" };
import fr from "../catalogues/fr.json" with { type: "json" };
import pt from "../catalogues/pt.json" with { type: "json" };
import ru from "../catalogues/ru.json" with { type: "json" };
import { createI18n } from "./create-i18n.ts";
import type { Locale } from "./locales.ts";

// On the server every language is in memory (pages, emails, API messages); one instance each.
const catalogues: Record<Locale, Record<string, unknown>> = { en, ru, es, fr, ar, de, pt };
const instances = new Map<Locale, I18n>();

export function serverI18n(locale: Locale): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createI18n(locale, catalogues[locale]);
    instances.set(locale, instance);
  }
  return instance;
}
