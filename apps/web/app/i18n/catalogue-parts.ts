import type { Catalogue } from "@kinderready/i18n/translator";

// A language's catalogue reaches the browser as one of its parts, so that a page hydrates with the
// texts it can show and few others, in one chunk: the quiz's, the offer's, the kit's, or the rest
// (the profile, the legal pages and every text no other part lists), each with the frame's texts.
// A route names its part in its `handle` (load-catalogue.ts); a page that names none hydrates with
// the whole catalogue, which every other page fetches once it has hydrated, for the pages it opens
// next. The emails' texts never leave the server.

export const catalogueParts = ["quiz", "offer", "kit", "rest"] as const;

export type CataloguePart = (typeof catalogueParts)[number];

/** The chunks of a language's catalogue the browser may download: a part, or the whole. */
export const catalogueChunks = [...catalogueParts, "whole"] as const;

export type CatalogueChunk = (typeof catalogueChunks)[number];

/** The frame's texts (header, footer, banners, the error page): in every part. */
export const frameSections = ["app", "nav", "footer", "consent", "network", "errors", "contact"] as const;

/**
 * The texts of each part besides the frame's, by key path: a section or a key within one. A text
 * two page groups show is in both parts.
 */
export const partPaths: Record<CataloguePart, readonly string[]> = {
  quiz: ["quiz", "validation"],
  offer: [
    "purchase",
    "reviews",
    "upsell",
    "quiz.back",
    "quiz.goals",
    "validation.messages",
    "meta.titleTemplate",
    "meta.titles.offer",
    "meta.titles.payment",
  ],
  kit: [
    "printables",
    "upsell",
    "reviews",
    "pages.printables",
    "purchase.result",
    "profile.signIn.heading",
    "validation.messages",
    "meta.titleTemplate",
    "meta.titles.upsell",
  ],
  // And every text no other part lists.
  rest: ["profile", "purchase.result", "validation", "upsell.immediateAccess", "meta"],
};

/** Sections only the server uses. */
export const serverOnlySections = ["email"] as const;

/**
 * One chunk of a catalogue: the whole (what the browser uses of it), or a part: the frame's texts
 * and those its paths name (and for the rest, every text no part names).
 */
export function catalogueChunk(catalogue: Catalogue, chunk: CatalogueChunk): Catalogue {
  const browser = omitPaths(catalogue, serverOnlySections);
  if (chunk === "whole") return browser;
  const picked = pickPaths(browser, [...frameSections, ...partPaths[chunk]]);
  if (chunk !== "rest") return picked;
  return mergeCatalogue(picked, omitPaths(browser, [...frameSections, ...Object.values(partPaths).flat()]));
}

/** Adds `source`'s texts to `target`, section by section (the translator reads `target` at every call). */
export function mergeCatalogue(target: Catalogue, source: Catalogue): Catalogue {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (isTree(existing) && isTree(value)) mergeCatalogue(existing, value);
    else target[key] = isTree(value) ? mergeCatalogue({}, value) : value;
  }
  return target;
}

const isTree = (value: unknown): value is Catalogue => typeof value === "object" && value !== null;

/** The value at a key path, if the catalogue has one. */
function valueAt(catalogue: Catalogue, keys: readonly string[]): unknown {
  let value: unknown = catalogue;
  for (const key of keys) value = isTree(value) ? value[key] : undefined;
  return value;
}

/** The texts under `paths`, each at its place in the catalogue. */
function pickPaths(catalogue: Catalogue, paths: readonly string[]): Catalogue {
  const picked: Catalogue = {};
  for (const path of paths) {
    const keys = path.split(".");
    const value = valueAt(catalogue, keys);
    // A part naming a text the catalogue does not have would leave the page without it.
    if (value === undefined) throw new Error(`The catalogue has no ${path}`);
    mergeCatalogue(picked, keys.reduceRight((inner: unknown, key) => ({ [key]: inner }), value) as Catalogue);
  }
  return picked;
}

/** The catalogue without the texts under `paths` (and without the sections left empty). */
function omitPaths(catalogue: Catalogue, paths: readonly string[]): Catalogue {
  const kept = mergeCatalogue({}, catalogue);
  for (const path of paths) {
    const keys = path.split(".");
    for (let depth = keys.length; depth > 0; depth -= 1) {
      const parent = valueAt(kept, keys.slice(0, depth - 1));
      const key = keys[depth - 1] as string;
      if (!isTree(parent)) break;
      const child = parent[key];
      // The text itself, then each section it leaves empty.
      if (depth === keys.length || (isTree(child) && Object.keys(child).length === 0)) delete parent[key];
      else break;
    }
  }
  return kept;
}
