import { localeCodes } from "@kinderready/i18n/locales";
import { describe, expect, it } from "vitest";
import { kit } from "../catalogue.ts";
import { alphabet, letterGroup, lowerCase } from "../letters.ts";
import { answersPerPage, documentPages, hasAnswers, worksheetParts } from "./book-document.ts";

// A level prints as a book: front pages, the worksheets, the cards two to a sheet with their
// cut-outs right after, the answer key of every page that has answers, and a certificate.

describe("a level's pages", () => {
  it("opens with the cover, contents and guide, and ends with the answer key and the certificate", () => {
    for (const level of kit.levels) {
      const pages = documentPages({ kind: "level", number: level.number }, "en");
      expect(
        pages.slice(0, 3).map((page) => page.kind),
        `level ${level.number}`,
      ).toEqual(["cover", "contents", "guide"]);
      expect(pages.at(-1)?.kind).toBe("certificate");
      const printables = level.items.filter((item) => item.kind === "printable");
      expect(pages.filter((page) => page.kind === "printable")).toHaveLength(
        printables.reduce((sum, item) => sum + worksheetParts(item, "en"), 0),
      );
      const answered = pages.flatMap((page) => (page.kind === "answers" ? page.items : []));
      expect(answered.map((entry) => entry.item.id)).toEqual(
        printables.filter((item) => item.kind === "printable" && hasAnswers(item)).map((item) => item.id),
      );
      for (const entry of answered)
        expect(pages[entry.page - 1]).toMatchObject({ kind: "printable", item: entry.item });
      for (const page of pages)
        if (page.kind === "answers") expect(page.items.length).toBeLessThanOrEqual(answersPerPage);
    }
  });

  it("ends each add-on pack with its own certificate, but not the packs printed together", () => {
    for (const pack of kit.packs)
      expect(documentPages({ kind: "pack", id: pack.id }, "en").at(-1)?.kind, pack.id).toBe("certificate");
    expect(documentPages({ kind: "packs" }, "en").some((page) => page.kind === "certificate")).toBe(false);
  });

  it("prints two activity cards a sheet, each sheet's cut-outs right after it, once per book", () => {
    const pages = documentPages({ kind: "level", number: 2 }, "en");
    const cards = kit.levels[2]?.items.filter((item) => item.kind === "activity") ?? [];
    const sheets = pages.filter((page) => page.kind === "cards");
    expect(sheets.flatMap((page) => page.items.map((item) => item.id))).toEqual(cards.map((card) => card.id));
    expect(sheets.every((page) => page.items.length <= 2)).toBe(true);
    expect(sheets.filter((page) => page.items.length === 1).every((page) => page.log?.length === cards.length)).toBe(
      true,
    );
    const materials = pages.flatMap((page, index) => (page.kind === "material" ? [{ page, index }] : []));
    expect(materials.length).toBeGreaterThan(0);
    for (const { page, index } of materials) {
      const sheet = pages.slice(0, index).findLast((before) => before.kind === "cards");
      expect(sheet && sheet.kind === "cards" && sheet.items.some((item) => item.material)).toBe(true);
      expect(JSON.stringify(page.material)).toBe(JSON.stringify(page.item.material));
    }
    const printed = materials.map(({ page }) => JSON.stringify(page.material));
    expect(new Set(printed).size).toBe(printed.length);
  });

  it("prints one item alone: a worksheet as its page, a card as its sheet with its cut-outs", () => {
    const worksheet = kit.levels[1]?.items.find((item) => item.kind === "printable");
    const card = kit.levels[2]?.items.find((item) => item.kind === "activity" && item.id === "peg-number-cards");
    expect(documentPages({ kind: "item", id: worksheet?.id ?? "" }, "en").map((page) => page.kind)).toEqual([
      "printable",
    ]);
    const sheet = documentPages({ kind: "item", id: card?.id ?? "" }, "en");
    expect(sheet.map((page) => page.kind)).toEqual(["cards", "material"]);
    expect(documentPages({ kind: "item", id: "no-such-item" }, "en")).toEqual([]);
  });

  it("is mostly worksheets: at least 70% of every level's pages to work on are worksheets, in every language", () => {
    for (const locale of localeCodes)
      for (const level of kit.levels) {
        const pages = documentPages({ kind: "level", number: level.number }, locale);
        const worksheets = pages.filter((page) => page.kind === "printable").length;
        const cards = pages.filter((page) => page.kind === "cards" || page.kind === "material").length;
        expect(worksheets / (worksheets + cards), `${locale} level ${level.number}`).toBeGreaterThanOrEqual(0.7);
      }
  });

  it("gives every letter of every alphabet its own practice page, capitals and small letters", () => {
    for (const locale of localeCodes) {
      const practised = (letterCase: "upper" | "lower") =>
        kit.levels.flatMap((level) =>
          documentPages({ kind: "level", number: level.number }, locale).flatMap((page) =>
            page.kind === "printable" && page.item.params.template === "letters" && page.item.params.case === letterCase
              ? [letterGroup(locale, letterCase, page.item.params.group)[page.part]]
              : [],
          ),
        );
      expect(practised("upper"), locale).toEqual(alphabet(locale));
      expect(practised("lower"), locale).toEqual(
        alphabet(locale).map((letter) => (locale === "ar" ? letter : lowerCase(locale, letter))),
      );
    }
  });
});
