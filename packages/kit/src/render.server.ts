import { createHash } from "node:crypto";
import { directionOf, type Locale } from "@kinderready/i18n/locales";
import { Canvas, type TextIssue } from "./canvas.server.ts";
import type { KitItem } from "./catalogue.ts";
import { kitContent } from "./content.server.ts";
import { drawItem, type ItemPlace } from "./draw-item.server.ts";
import { createPdfDocument, PdfSurface } from "./pdf-surface.server.ts";
import { SvgSurface } from "./svg-surface.server.ts";

// Items to PDF (one page each; a level is one document) and to SVG previews, cached by a hash
// of everything that shapes the output.

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

/** Bump when the drawing code changes what an item looks like, so cached files are not reused. */
const renderVersion = "1";

export type RenderRequest = {
  items: { item: KitItem; place: ItemPlace }[];
  locale: Locale;
  paper: Paper;
  childName?: string | undefined;
  title: string;
};

export function renderKey(request: RenderRequest): string {
  const hash = createHash("sha256");
  hash.update(
    JSON.stringify([renderVersion, request.locale, request.paper, request.childName?.trim() ?? "", request.title]),
  );
  hash.update(JSON.stringify(request.items.map(({ item, place }) => [item, place])));
  hash.update(JSON.stringify(kitContent(request.locale)));
  return hash.digest("base64url").slice(0, 32);
}

export type RenderedPdf = { bytes: Buffer; key: string; pages: number; issues: TextIssue[] };

/** Renders the items as one PDF, a page each. */
export async function renderPdf(request: RenderRequest): Promise<RenderedPdf> {
  const [width, height] = papers[request.paper];
  const content = kitContent(request.locale);
  const doc = createPdfDocument(request.title, content.page.brand);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  const issues: TextIssue[] = [];
  for (const { item, place } of request.items) {
    doc.addPage({ size: [width, height], margin: 0 });
    const canvas = new Canvas(new PdfSurface(doc, width, height), directionOf(request.locale) === "rtl");
    drawItem(canvas, item, place, request.locale, request.childName);
    issues.push(...canvas.issues.map((issue) => ({ ...issue, detail: `${item.id}: ${issue.detail}` })));
  }
  doc.end();
  await done;
  return { bytes: Buffer.concat(chunks), key: renderKey(request), pages: request.items.length, issues };
}

/** A small SVG of the item's page, without the child's name (previews are shared and cached). */
export function renderPreviewSvg(item: KitItem, place: ItemPlace, locale: Locale, displayWidth = 160): string {
  const [width, height] = papers.a4;
  const surface = new SvgSurface(width, height);
  drawItem(new Canvas(surface, directionOf(locale) === "rtl"), item, place, locale, undefined);
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
