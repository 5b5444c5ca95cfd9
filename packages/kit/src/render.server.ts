import { createHash } from "node:crypto";
import { directionOf, type Locale } from "@kinderready/i18n/locales";
import { documentPages, type KitDocument, type KitPage } from "./book/book-document.ts";
import { Canvas, type TextIssue } from "./canvas.server.ts";
import type { AskedTopic } from "./catalogue.ts";
import { kitBooklets, kitContent, kitStories, kitWords } from "./content.server.ts";
import { drawPage, pageContext } from "./draw-page.server.ts";
import { memoize } from "./memoize.ts";
import { createPdfDocument, PdfSurface } from "./pdf-surface.server.ts";
import type { Surface } from "./surface.ts";
import { SvgSurface } from "./svg-surface.server.ts";

// Documents to PDF (a level or a pack as one book, or a single item) and items to SVG previews,
// cached by a hash of everything that shapes the output.

export const papers = { a4: [595.28, 841.89], letter: [612, 792] } as const;
export type Paper = keyof typeof papers;

/** Countries that print on US Letter; everyone else uses A4. */
const letterCountries = new Set([
  "us",
  "ca",
  "mx",
  "ph",
  "cl",
  "co",
  "ve",
  "cr",
  "gt",
  "do",
  "pa",
  "pr",
  "sv",
  "ni",
  "hn",
]);

export function paperFor(countryCode: string | null | undefined): Paper {
  return countryCode && letterCountries.has(countryCode.toLowerCase()) ? "letter" : "a4";
}

/**
 * The paper to print on when the parent has not chosen: their country's; else the region of
 * their browser's language (en-GB, es-MX); else Letter in English (most English-speaking
 * parents are in North America) and A4 in the other languages.
 */
export function defaultPaper(
  countryCode: string | null | undefined,
  region: string | undefined,
  locale: Locale,
): Paper {
  if (countryCode) return paperFor(countryCode);
  if (region) return paperFor(region);
  return locale === "en" ? "letter" : "a4";
}

/** Bump when the drawing code changes what a page looks like, so cached files are not reused. */
const renderVersion = "5";

export type RenderRequest = {
  document: KitDocument;
  locale: Locale;
  paper: Paper;
  childName?: string | undefined;
  /** The child's age from the quiz: which strands a level's plan starts each week with. */
  childAge?: number | undefined;
  /** What the parent asked for help with in the quiz (a level's plan opens with it). */
  topics?: readonly AskedTopic[] | undefined;
  title: string;
};

/** What a render thread is asked for: a document as PDF, or one page's small SVG preview. */
export type RenderJob =
  | { kind: "pdf"; request: RenderRequest }
  | { kind: "preview"; itemId: string; locale: Locale; displayWidth: number; childName?: string | undefined };

export function renderKey(request: RenderRequest): string {
  const hash = createHash("sha256");
  hash.update(
    JSON.stringify([
      renderVersion,
      request.locale,
      request.paper,
      request.childName?.trim() ?? "",
      request.topics ?? [],
      request.childAge ?? null,
      request.title,
      request.document,
    ]),
  );
  hash.update(JSON.stringify(documentPages(request.document, request.locale)));
  hash.update(textsDigest(request.locale));
  return hash.digest("base64url").slice(0, 32);
}

/** A digest of a language's texts and word list. */
const textsDigest = memoize((locale: Locale) =>
  createHash("sha256")
    .update(JSON.stringify([kitContent(locale), kitWords(locale), kitStories(locale), kitBooklets(locale)]))
    .digest("base64url"),
);

export type RenderedPdf = { bytes: Buffer; key: string; pages: number; issues: TextIssue[] };

/** What a caller can watch while pages are drawn (the quality gate). */
export type RenderWatch = {
  /** Wraps each page's surface, e.g. to record what is drawn. */
  wrap?: (surface: Surface, page: KitPage, index: number) => Surface;
  /** Called after each page is drawn. */
  page?: (page: KitPage, index: number, canvas: Canvas) => void;
};

/** Renders a document (a level, a pack, all packs or one item) as one PDF. */
export async function renderPdf(request: RenderRequest, watch: RenderWatch = {}): Promise<RenderedPdf> {
  const [width, height] = papers[request.paper];
  const content = kitContent(request.locale);
  const context = pageContext(request.document, request.locale, request.childName, request.topics, request.childAge);
  const { pages } = context;
  const doc = createPdfDocument(request.title, content.page.brand);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  const issues: TextIssue[] = [];
  pages.forEach((page, index) => {
    doc.addPage({ size: [width, height], margin: 0 });
    const surface: Surface = new PdfSurface(doc, width, height);
    const canvas = new Canvas(
      watch.wrap ? watch.wrap(surface, page, index) : surface,
      directionOf(request.locale) === "rtl",
    );
    drawPage(canvas, page, index, context);
    watch.page?.(page, index, canvas);
    const label = page.kind === "printable" ? page.item.id : `${page.kind} ${index + 1}`;
    issues.push(...canvas.issues.map((issue) => ({ ...issue, detail: `${label}: ${issue.detail}` })));
  });
  doc.end();
  await done;
  return { bytes: Buffer.concat(chunks), key: renderKey(request), pages: pages.length, issues };
}

/**
 * A small SVG of an item's page: without a name for the printables area (shared and cached), with
 * the child's name for that parent's own preview before buying.
 */
export function renderPreviewSvg(itemId: string, locale: Locale, displayWidth = 160, childName?: string): string {
  const [width, height] = papers.a4;
  const surface = new SvgSurface(width, height);
  const context = pageContext({ kind: "item", id: itemId }, locale, childName);
  const page = context.pages[0];
  if (page) drawPage(new Canvas(surface, directionOf(locale) === "rtl"), page, 0, context);
  return surface.toString(displayWidth);
}

/** A bounded in-memory cache of rendered files, least recently used out first. */
export class RenderCache {
  readonly #entries = new Map<string, Buffer>();
  #bytes = 0;
  readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  async get(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const hit = this.#entries.get(key);
    if (hit) {
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      return hit;
    }
    const bytes = await render();
    this.#entries.set(key, bytes);
    this.#bytes += bytes.length;
    for (const [oldKey, oldBytes] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldKey);
      this.#bytes -= oldBytes.length;
    }
    return bytes;
  }
}
