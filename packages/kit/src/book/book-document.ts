import type { Locale } from "@kinderready/i18n/locales";
import {
  type ActivityItem,
  findKitItem,
  type ItemPlace,
  type KitItem,
  kit,
  type LevelNumber,
  type Material,
  type MonthNumber,
  type PackId,
  type PrintableItem,
  type TemplateId,
} from "../catalogue.ts";
import { letterGroup } from "../letters.ts";

// A printed document as pages. A level, a pack or a book of the month opens with a cover, its contents and a guide for
// grown-ups (a level's followed by its plan of the month), then the worksheets, the activity
// cards two to a sheet (each followed by anything it needs printed: cards to cut, strips, a
// track), the answer key, and, for a level, a pack or a book of the month, a certificate.
// A single item prints alone: a worksheet as its pages, an activity card as its sheet. Most
// worksheets are one page; a letters worksheet is a page per letter, so its count depends on
// the language's alphabet.

export type KitDocument =
  | { kind: "level"; number: LevelNumber }
  | { kind: "pack"; id: PackId }
  | { kind: "packs" }
  /** A book of the month. */
  | { kind: "month"; number: MonthNumber }
  | { kind: "item"; id: string }
  /** A child's week: the worksheets planned for it, from one level, one after another. */
  | { kind: "week"; level: LevelNumber; items: readonly string[] };

export type KitPage =
  | { kind: "cover" }
  | { kind: "contents" }
  | { kind: "guide" }
  /** A level's four weeks: which pages on which day. */
  | { kind: "plan" }
  | {
      kind: "printable";
      item: PrintableItem;
      place: ItemPlace;
      /** Which of the worksheet's pages (a letters worksheet: which letter). */
      part: number;
    }
  | {
      kind: "cards";
      items: ActivityItem[];
      place: ItemPlace;
      /** On a sheet with one card: every card of the document, for a log of what was tried. */
      log?: ActivityItem[];
    }
  | { kind: "material"; item: ActivityItem; material: Material; place: ItemPlace }
  | {
      kind: "answers";
      items: { item: PrintableItem; place: ItemPlace; part: number; page: number }[];
      part: number;
    }
  | { kind: "certificate" };

/** Templates whose pages have answers to check: the answer key shows them solved. */
const answered = new Set<TemplateId>([
  "maze",
  "dot-to-dot",
  "colour-by-number",
  "beginning-sounds",
  "rhyming",
  "letter-match",
  "first-letter",
  "letter-hunt",
  "letter-booklet",
  "sight-words",
  "special-letters",
  "count-objects",
  "count-and-circle",
  "ten-frame",
  "more-less",
  "number-line",
  "number-chart",
  "add-objects",
  "take-away",
  "count-scene",
  "picture-sudoku",
  "quick-look",
  "number-bonds",
  "one-more-one-less",
  "picture-graph",
  "measure-objects",
  "clock-times",
  "coins",
  "shape-hunt",
  "colour-shapes",
  "patterns",
  "same-different",
  "odd-one-out",
  "whats-missing",
  "shadow-match",
  "sorting",
  "sequencing",
  "cut-and-paste",
  "sizes",
  "positions",
]);

export function hasAnswers(item: PrintableItem): boolean {
  return answered.has(item.params.template);
}

/** Miniature pages per answer-key page. */
export const answersPerPage = 6;

/** How many pages a worksheet prints in a language. */
export function worksheetParts(item: PrintableItem, locale: Locale): number {
  const { params } = item;
  if (params.template === "letters") return letterGroup(locale, params.case, params.group).length;
  if (params.template === "letter-booklet") return letterGroup(locale, "upper", params.group).length;
  return 1;
}

function sameMaterial(a: Material, b: Material) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The card sheets of a list of activities, two cards a sheet, each sheet followed by what its cards need printed. */
function cardPages(cards: ActivityItem[], place: ItemPlace): KitPage[] {
  const pages: KitPage[] = [];
  const printed: Material[] = [];
  for (let i = 0; i < cards.length; i += 2) {
    const pair = cards.slice(i, i + 2);
    pages.push({ kind: "cards", items: pair, place, ...(pair.length === 1 && { log: cards }) });
    for (const card of pair) {
      const material = card.material;
      // Two cards of a document that need the same cut-outs share one printed page.
      if (!material || printed.some((done) => sameMaterial(done, material))) continue;
      printed.push(material);
      pages.push({ kind: "material", item: card, material, place });
    }
  }
  return pages;
}

/**
 * A level's or a pack's book: each ends with a certificate (not the packs printed together),
 * and a numbered level (a month's work, unlike the three-day trial) has a plan of the month.
 */
function bookPages(
  items: { item: KitItem; place: ItemPlace }[],
  extras: { certificate: boolean; plan: boolean },
  locale: Locale,
): KitPage[] {
  const body: KitPage[] = [];
  const worksheets = items.filter(
    (entry): entry is { item: PrintableItem; place: ItemPlace } => entry.item.kind === "printable",
  );
  for (const { item, place } of worksheets) body.push(...printablePages(item, place, locale));
  const cards = items.filter(
    (entry): entry is { item: ActivityItem; place: ItemPlace } => entry.item.kind === "activity",
  );
  const first = cards[0];
  if (first)
    body.push(
      ...cardPages(
        cards.map((entry) => entry.item),
        first.place,
      ),
    );
  const front: KitPage[] = [
    { kind: "cover" },
    { kind: "contents" },
    { kind: "guide" },
    ...(extras.plan ? [{ kind: "plan" } as const] : []),
  ];
  const firstBodyPage = front.length + 1;
  const solved = body
    .map((page, index) => ({ page, number: firstBodyPage + index }))
    .filter(
      (entry): entry is { page: Extract<KitPage, { kind: "printable" }>; number: number } =>
        entry.page.kind === "printable" && hasAnswers(entry.page.item),
    )
    .map(({ page, number }) => ({ item: page.item, place: page.place, part: page.part, page: number }));
  // Spread evenly over the answer pages, so the last one is not a lone miniature.
  const answers: KitPage[] = [];
  const perPage = Math.ceil(solved.length / Math.max(1, Math.ceil(solved.length / answersPerPage)));
  for (let i = 0; i < solved.length; i += perPage) {
    answers.push({ kind: "answers", items: solved.slice(i, i + perPage), part: i / perPage });
  }
  return [...front, ...body, ...answers, ...(extras.certificate ? [{ kind: "certificate" } as const] : [])];
}

function printablePages(item: PrintableItem, place: ItemPlace, locale: Locale): KitPage[] {
  return Array.from({ length: worksheetParts(item, locale) }, (_, part) => ({ kind: "printable", item, place, part }));
}

/** A pack's or a book of the month's pages: no plan of the month, a certificate at the end. */
function extraBook(items: KitItem[], place: ItemPlace, locale: Locale): KitPage[] {
  return bookPages(
    items.map((item) => ({ item, place })),
    { certificate: true, plan: false },
    locale,
  );
}

/** Every page of a document in a language, in print order. */
export function documentPages(document: KitDocument, locale: Locale): KitPage[] {
  switch (document.kind) {
    case "level": {
      const level = kit.levels.find((entry) => entry.number === document.number);
      if (!level) return [];
      return bookPages(
        level.items.map((item) => ({ item, place: { level: level.number } })),
        { certificate: true, plan: level.number > 0 },
        locale,
      );
    }
    case "pack": {
      const pack = kit.packs.find((entry) => entry.id === document.id);
      return pack ? extraBook(pack.items, { pack: pack.id }, locale) : [];
    }
    case "month": {
      const month = kit.months.find((entry) => entry.number === document.number);
      return month ? extraBook(month.items, { month: month.number }, locale) : [];
    }
    case "packs":
      return bookPages(
        kit.packs.flatMap((pack) => pack.items.map((item) => ({ item, place: { pack: pack.id } }))),
        { certificate: false, plan: false },
        locale,
      );
    case "week":
      return document.items.flatMap((id) => {
        const found = findKitItem(id);
        return found?.item.kind === "printable" ? printablePages(found.item, found.place, locale) : [];
      });
    case "item": {
      const found = findKitItem(document.id);
      if (!found) return [];
      const { place } = found;
      if (found.item.kind === "printable") return printablePages(found.item, place, locale);
      // A card prints as its sheet: it and the card it shares the sheet with, and their cut-outs.
      const level = kit.levels.find((entry) => entry.number === found.level);
      const cards = (level?.items ?? []).filter((item): item is ActivityItem => item.kind === "activity");
      const index = cards.findIndex((card) => card.id === document.id);
      const sheet = cards.slice(index - (index % 2), index - (index % 2) + 2);
      return cardPages(sheet, place);
    }
  }
}

/** The place a document is about, for its cover and headers. */
export function documentPlace(document: KitDocument): ItemPlace | undefined {
  if (document.kind === "level") return { level: document.number };
  if (document.kind === "week") return { level: document.level };
  if (document.kind === "pack") return { pack: document.id };
  if (document.kind === "month") return { month: document.number };
  if (document.kind === "item") return findKitItem(document.id)?.place;
  return undefined;
}
