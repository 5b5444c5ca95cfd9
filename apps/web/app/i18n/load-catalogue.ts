import type { Locale } from "@kinderready/i18n/locales";
import type { Catalogue } from "@kinderready/i18n/translator";

// In the browser only the page's language is downloaded: each catalogue is its own hashed chunk.
const files = import.meta.glob<Catalogue>("../../../../packages/i18n/catalogues/*.json", { import: "default" });

export async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  const load = files[`../../../../packages/i18n/catalogues/${locale}.json`];
  if (!load) throw new Error(`No catalogue for ${locale}`);
  return load();
}

const consoleFiles = import.meta.glob<Catalogue>("../../../../packages/i18n/console-catalogues/*.json", {
  import: "default",
});

/** The operator console's texts: fetched only by console pages. */
export async function loadConsoleCatalogue(locale: Locale): Promise<Catalogue> {
  const load = consoleFiles[`../../../../packages/i18n/console-catalogues/${locale}.json`];
  if (!load) throw new Error(`No console catalogue for ${locale}`);
  return load();
}
