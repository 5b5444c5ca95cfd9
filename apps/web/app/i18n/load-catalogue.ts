import type { Locale } from "@kinderready/i18n/locales";
import type { Catalogue } from "@kinderready/i18n/translator";
import type { UIMatch } from "react-router";
import type { CataloguePart } from "./catalogue-parts.ts";

// In the browser only the page's language is downloaded, in two hashed chunks (catalogue-parts.ts).
const parts: Record<CataloguePart, Record<string, () => Promise<Catalogue>>> = {
  first: import.meta.glob<Catalogue>("../../../../packages/i18n/catalogues/*.json", {
    query: "?part=first",
    import: "default",
  }),
  rest: import.meta.glob<Catalogue>("../../../../packages/i18n/catalogues/*.json", {
    query: "?part=rest",
    import: "default",
  }),
};

export async function loadCataloguePart(locale: Locale, part: CataloguePart): Promise<Catalogue> {
  const load = parts[part][`../../../../packages/i18n/catalogues/${locale}.json`];
  if (!load) throw new Error(`No catalogue for ${locale}`);
  return load();
}

let completing: Promise<void> | undefined;

/**
 * The page's catalogue made whole: the rest fetched and added to it (a translator reads its
 * catalogue at every call, so every `t` sees the new texts). Once; later calls wait for the same.
 */
export function completeCatalogue(locale: Locale, catalogue: Catalogue): Promise<void> {
  completing ??= loadCataloguePart(locale, "rest").then((rest) => {
    Object.assign(catalogue, rest);
  });
  return completing;
}

/** Resolves once the catalogue is whole (at once when nothing started completing it). */
export const catalogueComplete = (): Promise<void> => completing ?? Promise.resolve();

const consoleFiles = import.meta.glob<Catalogue>("../../../../packages/i18n/console-catalogues/*.json", {
  import: "default",
});

/** The operator console's texts: fetched only by console pages. */
export async function loadConsoleCatalogue(locale: Locale): Promise<Catalogue> {
  const load = consoleFiles[`../../../../packages/i18n/console-catalogues/${locale}.json`];
  if (!load) throw new Error(`No console catalogue for ${locale}`);
  return load();
}

/**
 * A route that needs other texts than the parents' whole catalogue says so in its `handle`: the
 * console's as well, or the quiz's part alone (the rest follows after hydration).
 */
export type CatalogueHandle = { catalogues: readonly ("console" | "quiz")[] };

export const consoleCatalogueHandle: CatalogueHandle = { catalogues: ["console"] };
export const quizCatalogueHandle: CatalogueHandle = { catalogues: ["quiz"] };

/** The extra catalogues the matched routes need, as the document names them for the browser's entry. */
export function cataloguesOf(matches: readonly UIMatch[]): string {
  const names = matches.flatMap((match) => (match.handle as Partial<CatalogueHandle> | undefined)?.catalogues ?? []);
  return [...new Set(names)].join(" ");
}

/** The extra catalogues the server-rendered document asked for. */
export function documentCatalogues(root: HTMLElement): string[] {
  return root.dataset.catalogues?.split(" ") ?? [];
}
