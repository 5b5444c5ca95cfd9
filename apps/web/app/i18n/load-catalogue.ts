import type { Locale } from "@kinderready/i18n/locales";
import type { Catalogue } from "@kinderready/i18n/translator";
import type { UIMatch } from "react-router";
import { type CatalogueChunk, type CataloguePart, catalogueParts, mergeCatalogue } from "./catalogue-parts.ts";

// In the browser only the page's language is downloaded, in hashed chunks (catalogue-parts.ts):
// the page's part before it hydrates, then the whole.
const folder = "../../../../packages/i18n/catalogues/";
const chunks: Record<CatalogueChunk, Record<string, () => Promise<Catalogue>>> = {
  quiz: import.meta.glob<Catalogue>("../../../../packages/i18n/catalogues/*.json", {
    query: "?part=quiz",
    import: "default",
  }),
  offer: import.meta.glob<Catalogue>("../../../../packages/i18n/catalogues/*.json", {
    query: "?part=offer",
    import: "default",
  }),
  kit: import.meta.glob<Catalogue>("../../../../packages/i18n/catalogues/*.json", {
    query: "?part=kit",
    import: "default",
  }),
  rest: import.meta.glob<Catalogue>("../../../../packages/i18n/catalogues/*.json", {
    query: "?part=rest",
    import: "default",
  }),
  whole: import.meta.glob<Catalogue>("../../../../packages/i18n/catalogues/*.json", {
    query: "?part=whole",
    import: "default",
  }),
};

/** One chunk of the page language's catalogue. */
export async function loadCatalogue(locale: Locale, chunk: CatalogueChunk): Promise<Catalogue> {
  const load = chunks[chunk][`${folder}${locale}.json`];
  if (!load) throw new Error(`No catalogue for ${locale}`);
  return load();
}

let completing: Promise<void> | undefined;

/**
 * The page's catalogue made whole when it hydrated with a part: the whole fetched and added to it
 * (a translator reads its catalogue at every call, so every `t` sees the new texts). Once; later
 * calls wait for the same.
 */
export function completeCatalogue(locale: Locale, catalogue: Catalogue, hydratedWith: CatalogueChunk): Promise<void> {
  if (hydratedWith === "whole") return Promise.resolve();
  completing ??= loadCatalogue(locale, "whole").then((whole) => {
    mergeCatalogue(catalogue, whole);
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
 * The texts a route hydrates with, when not the whole parents' catalogue: the console's as well,
 * or its own part alone (the whole follows after hydration).
 */
export type CatalogueHandle = { catalogues: readonly ("console" | CataloguePart)[] };

export const consoleCatalogueHandle: CatalogueHandle = { catalogues: ["console"] };

/** A parents' page that hydrates with its part of the catalogue (the frame's texts and its own). */
export const partCatalogueHandle = (part: CataloguePart): CatalogueHandle => ({ catalogues: [part] });

/** The extra catalogues the matched routes need, as the document names them for the browser's entry. */
export function cataloguesOf(matches: readonly UIMatch[]): string {
  const names = matches.flatMap((match) => (match.handle as Partial<CatalogueHandle> | undefined)?.catalogues ?? []);
  return [...new Set(names)].join(" ");
}

/** The catalogues the server-rendered document asked for: its part (else the whole), and the console's. */
export function documentCatalogues(root: HTMLElement): { chunk: CatalogueChunk; console: boolean } {
  const names = root.dataset.catalogues?.split(" ") ?? [];
  return { chunk: catalogueParts.find((part) => names.includes(part)) ?? "whole", console: names.includes("console") };
}
