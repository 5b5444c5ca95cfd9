import { describe, expect, it } from "vitest";
import { kit } from "../catalogue.ts";
import { documentPages } from "./book-document.ts";
import { levelPlan, planDaysPerWeek, planWeeks } from "./level-plan.ts";

// A level's month: every page once, a little of every strand each week, a card now and then, and
// what the parent asked for first.

const weekOf = (day: number) => Math.floor(day / planDaysPerWeek);

describe("a level's plan for the month", () => {
  it("puts every worksheet and card sheet on one day, two or three worksheets a day", () => {
    for (const level of kit.levels.filter((entry) => entry.number > 0)) {
      const pages = documentPages({ kind: "level", number: level.number }, "en");
      const plan = levelPlan(pages, []);
      expect(plan).toHaveLength(planWeeks * planDaysPerWeek);
      const planned = plan.flatMap((day) => day.worksheets.map((entry) => entry.page)).sort((a, b) => a - b);
      const worksheets = pages.flatMap((page, index) => (page.kind === "printable" ? [index + 1] : []));
      expect(planned).toEqual(worksheets);
      const sheets = pages.flatMap((page, index) => (page.kind === "cards" ? [index + 1] : []));
      expect(plan.flatMap((day) => day.cards.map((entry) => entry.page)).sort((a, b) => a - b)).toEqual(sheets);
      for (const day of plan) {
        expect(day.worksheets.length, `level ${level.number}`).toBeGreaterThanOrEqual(1);
        expect(day.worksheets.length, `level ${level.number}`).toBeLessThanOrEqual(3);
        expect(day.cards.length).toBeLessThanOrEqual(1);
      }
    }
  });

  it("spreads each strand over the month in the book's order, so no week is all one skill", () => {
    const pages = documentPages({ kind: "level", number: 4 }, "en");
    const plan = levelPlan(pages, []);
    const letters = plan.flatMap((day, index) =>
      day.worksheets
        .filter((entry) => entry.skill === "letters")
        .map((entry) => ({ page: entry.page, week: weekOf(index) })),
    );
    expect(letters.map((entry) => entry.page)).toEqual([...letters.map((entry) => entry.page)].sort((a, b) => a - b));
    for (let week = 0; week < planWeeks; week++)
      expect(letters.filter((entry) => entry.week === week).length, `week ${week + 1}`).toBeGreaterThanOrEqual(2);
  });

  it("opens with the pages for what the parent asked about, and marks them", () => {
    const pages = documentPages({ kind: "level", number: 1 }, "en");
    const plan = levelPlan(pages, ["emotions"]);
    const [first] = plan;
    expect(first?.worksheets[0]?.focus).toBe(true);
    expect(first?.worksheets[0]?.skill).toBe("emotions-calming");
    expect(
      levelPlan(pages, [])
        .flatMap((day) => day.worksheets)
        .some((entry) => entry.focus),
    ).toBe(false);
  });
});
