import ar from "@kinderready/i18n/catalogues/ar.json" with { type: "json" };
import de from "@kinderready/i18n/catalogues/de.json" with { type: "json" };
import en from "@kinderready/i18n/catalogues/en.json" with { type: "json" };
import es from "@kinderready/i18n/catalogues/es.json" with { type: "json" };
import fr from "@kinderready/i18n/catalogues/fr.json" with { type: "json" };
import pt from "@kinderready/i18n/catalogues/pt.json" with { type: "json" };
import ru from "@kinderready/i18n/catalogues/ru.json" with { type: "json" };
import type { Locale } from "@kinderready/i18n/locales";
import { type Catalogue, createTranslator, type Translator } from "@kinderready/i18n/translator";
import { catalogueChunk, catalogueParts } from "../app/i18n/catalogue-parts.ts";
import type { CatalogueHandle } from "../app/i18n/load-catalogue.ts";

const catalogues: Record<Locale, Catalogue> = { en, ru, es, fr, ar, de, pt };

/**
 * A page's translator as the browser hydrates it: the part of the catalogue its route's handle
 * names (the whole when it names none), as the build cuts it.
 */
export function hydratingTranslator(locale: Locale, handle?: CatalogueHandle): Translator {
  const part = catalogueParts.find((name) => handle?.catalogues.includes(name)) ?? "whole";
  return createTranslator(locale, catalogueChunk(catalogues[locale], part));
}
