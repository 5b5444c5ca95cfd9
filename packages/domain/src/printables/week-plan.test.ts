import { worksheetParts } from "@kinderready/kit/book/book-document";
import { findKitItem, type PrintableItem } from "@kinderready/kit/catalogue";
import { describe, expect, it } from "vitest";
import { type ItemMark, planWeek, weekPages } from "./week-plan.ts";

// A week follows the child: the next pages in the plan's order, none they did, and an easier page
// of the same skill before each one they found too hard.

const printable = (id: string) => findKitItem(id)?.item as PrintableItem;
const pagesOf = (ids: string[]) => ids.reduce((sum, id) => sum + worksheetParts(printable(id), "en"), 0);
const week = (level: 1 | 2 | 3, marks: [string, ItemMark][] = []) =>
  planWeek({ level, marks: new Map(marks), topics: [], age: null, locale: "en" });

describe("the week ahead", () => {
  it("is about fifteen pages of the level, in the plan's order", () => {
    const ids = week(1).map((entry) => entry.itemId);
    expect(pagesOf(ids)).toBeGreaterThanOrEqual(weekPages);
    expect(pagesOf(ids.slice(0, -1))).toBeLessThan(weekPages);
    expect(ids.every((id) => id.startsWith("l1-"))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("leaves out what was done and moves on to the next pages", () => {
    const first = week(2).map((entry) => entry.itemId);
    const next = week(
      2,
      first.map((id) => [id, "done"]),
    ).map((entry) => entry.itemId);
    expect(next.some((id) => first.includes(id))).toBe(false);
    expect(next.length).toBeGreaterThan(3);
  });

  it("puts an easier page of the same skill first for a page found too hard", () => {
    const hard = week(3).find((entry) => printable(entry.itemId).skill === "numbers")?.itemId as string;
    const [easier, ...rest] = week(3, [[hard, "too-hard"]]);
    expect(easier?.easierFor).toBe(hard);
    const item = printable(easier?.itemId as string);
    expect(item.skill).toBe(printable(hard).skill);
    expect(item.id).not.toBe(hard);
    expect(rest.map((entry) => entry.itemId)).not.toContain(hard);
    expect(rest.every((entry) => entry.easierFor === undefined)).toBe(true);
  });
});
