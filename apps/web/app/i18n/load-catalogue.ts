import type { Locale } from "@kinderready/i18n/locales";
import type { Catalogue } from "@kinderready/i18n/translator";
import type { UIMatch } from "react-router";

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

/** A route that needs more than the parents' catalogue says so in its `handle`. */
export type CatalogueHandle = { catalogues: readonly "console"[] };

export const consoleCatalogueHandle: CatalogueHandle = { catalogues: ["console"] };

/** The extra catalogues the matched routes need, as the document names them for the browser's entry. */
export function cataloguesOf(matches: readonly UIMatch[]): string {
  const names = matches.flatMap((match) => (match.handle as Partial<CatalogueHandle> | undefined)?.catalogues ?? []);
  return [...new Set(names)].join(" ");
}

/** The extra catalogues the server-rendered document asked for. */
export function documentCatalogues(root: HTMLElement): string[] {
  return root.dataset.catalogues?.split(" ") ?? [];
}
