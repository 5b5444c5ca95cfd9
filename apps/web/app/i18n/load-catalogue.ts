import type { Locale } from "@kinderready/i18n/locales";
import type { Catalogue } from "@kinderready/i18n/translator";
import type { UIMatch } from "react-router";
import { type CataloguePart, catalogueParts, mergeCatalogue } from "./catalogue-parts.ts";

// In the browser only the page's language is downloaded, in hashed chunks, one per part
// (catalogue-parts.ts): the page's own before it hydrates, then the others.
const folder = "../../../../packages/i18n/catalogues/";
const parts: Record<CataloguePart, Record<string, () => Promise<Catalogue>>> = {
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
};

/** The page's catalogue: what the parts hold together, in one object the translator reads. */
export async function loadCatalogueParts(locale: Locale, wanted: readonly CataloguePart[]): Promise<Catalogue> {
  const catalogue: Catalogue = {};
  await addParts(locale, catalogue, wanted);
  return catalogue;
}

async function addParts(locale: Locale, catalogue: Catalogue, wanted: readonly CataloguePart[]) {
  const texts = await Promise.all(
    wanted.map((part) => {
      const load = parts[part][`${folder}${locale}.json`];
      if (!load) throw new Error(`No catalogue for ${locale}`);
      return load();
    }),
  );
  for (const part of texts) mergeCatalogue(catalogue, part);
}

let completing: Promise<void> | undefined;

/**
 * The page's catalogue made whole: the parts it hydrated without fetched and added to it (a
 * translator reads its catalogue at every call, so every `t` sees the new texts). Once; later
 * calls wait for the same.
 */
export function completeCatalogue(
  locale: Locale,
  catalogue: Catalogue,
  loaded: readonly CataloguePart[],
): Promise<void> {
  completing ??= addParts(
    locale,
    catalogue,
    catalogueParts.filter((part) => !loaded.includes(part)),
  );
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
 * or its own part alone (the other parts follow after hydration).
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

/** The catalogues the server-rendered document asked for: its part (every part when it names none), and the console's. */
export function documentCatalogues(root: HTMLElement): { parts: CataloguePart[]; console: boolean } {
  const names = root.dataset.catalogues?.split(" ") ?? [];
  const parts = catalogueParts.filter((part) => names.includes(part));
  return { parts: parts.length > 0 ? parts : [...catalogueParts], console: names.includes("console") };
}
