import { type Locale, localeCodes } from "@kinderready/i18n/locales";
import type { TextIssue } from "./canvas.server.ts";
import { type KitItem, kit } from "./catalogue.ts";
import type { ItemPlace } from "./draw-item.server.ts";
import { type Paper, renderPdf } from "./render.server.ts";

// The kit's quality gate: render items in every language and check what a parent would notice
// on paper: no missing glyphs, no text outside its box or the printable area, one page per
// item, and files small enough to download on a phone.

/** Bytes per page a rendered item may take (fonts are subset and embedded once per file). */
export const pageBudgetBytes = 60 * 1024;

export type GateEntry = { item: KitItem; place: ItemPlace };

export function allEntries(): GateEntry[] {
  return [
    ...kit.levels.flatMap((level) => level.items.map((item) => ({ item, place: { level: level.number } }))),
    ...kit.packs.flatMap((pack) => pack.items.map((item) => ({ item, place: { pack: pack.id } }))),
  ];
}

/** Every `step`-th entry, starting at `offset`: a spread over templates and levels. */
export function sampleEntries(step: number, offset = 0): GateEntry[] {
  return allEntries().filter((_, index) => index % step === offset % step);
}

export type GateReport = {
  locale: Locale;
  paper: Paper;
  items: number;
  pages: number;
  bytes: number;
  milliseconds: number;
  issues: TextIssue[];
  /** Items whose one-page file is over the budget. */
  oversized: string[];
};

/** Renders each entry as its own one-page PDF (as a single download is) and checks it. */
export async function runQualityGate(
  entries: GateEntry[],
  locales: readonly Locale[] = localeCodes,
  paper: Paper = "a4",
) {
  const reports: GateReport[] = [];
  for (const locale of locales) {
    const report: GateReport = {
      locale,
      paper,
      items: 0,
      pages: 0,
      bytes: 0,
      milliseconds: 0,
      issues: [],
      oversized: [],
    };
    for (const entry of entries) {
      const started = performance.now();
      const pdf = await renderPdf({ items: [entry], locale, paper, childName: longName(locale), title: entry.item.id });
      report.milliseconds += performance.now() - started;
      report.items += 1;
      report.pages += countPages(pdf.bytes);
      report.bytes += pdf.bytes.length;
      report.issues.push(...pdf.issues);
      if (pdf.bytes.length > pageBudgetBytes) report.oversized.push(`${entry.item.id} (${pdf.bytes.length} B)`);
    }
    reports.push(report);
  }
  return reports;
}

/** A long name in the language's script, to prove names fit the header and the tracing rows. */
export function longName(locale: Locale): string {
  return {
    ar: "عبد الرحمن",
    ru: "Александра",
    en: "Maximilian",
    es: "Guadalupe",
    fr: "Marie-Hélène",
    de: "Friederike",
    pt: "Conceição",
  }[locale];
}

/** Pages in a PDF, from its page objects. */
export function countPages(bytes: Buffer): number {
  return bytes.toString("latin1").match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
}
