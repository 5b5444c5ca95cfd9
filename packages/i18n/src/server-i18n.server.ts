import ar from "../catalogues/ar.json" with { type: "json" };
import de from "../catalogues/de.json" with { type: "json" };
import en from "../catalogues/en.json" with { type: "json" };
import es from "../catalogues/es.json" with { type: "json" };
import fr from "../catalogues/fr.json" with { type: "json" };
import pt from "../catalogues/pt.json" with { type: "json" };
import ru from "../catalogues/ru.json" with { type: "json" };
import consoleAr from "../console-catalogues/ar.json" with { type: "json" };
import consoleDe from "../console-catalogues/de.json" with { type: "json" };
import consoleEn from "../console-catalogues/en.json" with { type: "json" };
import consoleEs from "../console-catalogues/es.json" with { type: "json" };
import consoleFr from "../console-catalogues/fr.json" with { type: "json" };
import consolePt from "../console-catalogues/pt.json" with { type: "json" };
import consoleRu from "../console-catalogues/ru.json" with { type: "json" };
import type { Locale } from "./locales.ts";
import { createTranslator, type Translator } from "./translator.ts";

// On the server every language is in memory (pages, emails, API messages); one instance each.
const catalogues: Record<Locale, Record<string, unknown>> = { en, ru, es, fr, ar, de, pt };
/** The operator console's texts: a namespace of their own, so parents' pages never download them. */
const consoleCatalogues: Record<Locale, Record<string, unknown>> = {
  en: consoleEn,
  ru: consoleRu,
  es: consoleEs,
  fr: consoleFr,
  ar: consoleAr,
  de: consoleDe,
  pt: consolePt,
};
const instances = new Map<Locale, Translator>();

export function serverI18n(locale: Locale): Translator {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createTranslator(locale, catalogues[locale], { console: consoleCatalogues[locale] });
    instances.set(locale, instance);
  }
  return instance;
}
