import { describe, expect, it } from "vitest";
import { kit } from "../catalogue.ts";
import { documentPages, type KitPage } from "./book-document.ts";
import { leadSkills, levelPlan, planDaysPerWeek, planWeeks } from "./level-plan.ts";

// A level's month: every page once, a little of every strand each week, a card now and then, and
// what the parent asked for first.

const weekOf = (day: number) => Math.floor(day / planDaysPerWeek);

/** The pages of a level's book that belong to a week of the plan, and which week. */
function weeklyPages(pages: KitPage[]) {
  return pages.flatMap((page, index) =>
    page.kind === "printable" && page.item.week ? [{ page: index + 1, week: page.item.week }] : [],
  );
}

describe("a level's plan for the month", () => {
  it("puts every worksheet and card sheet on one day, about three worksheets a day", () => {
    for (const level of kit.levels.filter((entry) => entry.number > 0)) {
      const pages = documentPages({ kind: "level", number: level.number }, "en");
      const plan = levelPlan(pages, []);
      expect(plan).toHaveLength(planWeeks * planDaysPerWeek);
      const planned = plan.flatMap((day) => day.worksheets.map((entry) => entry.page)).sort((a, b) => a - b);
      const worksheets = pages.flatMap((page, index) => (page.kind === "printable" ? [index + 1] : []));
      expect(planned).toEqual(worksheets);
      const sheets = pages.flatMap((page, index) => (page.kind === "cards" ? [index + 1] : []));
      expect(plan.flatMap((day) => day.cards.map((entry) => entry.page)).sort((a, b) => a - b)).toEqual(sheets);
      const counts = plan.map((day) => day.worksheets.length);
      expect(Math.min(...counts), `level ${level.number}`).toBeGreaterThanOrEqual(2);
      expect(Math.max(...counts) - Math.min(...counts), `level ${level.number}`).toBeLessThanOrEqual(1);
      expect(worksheets.length / plan.length, `level ${level.number}`).toBeLessThanOrEqual(3.25);
      for (const day of plan) expect(day.cards.length).toBeLessThanOrEqual(1);
    }
  });

  it("spreads each strand over the month in the book's order, so no week is all one skill", () => {
    const pages = documentPages({ kind: "level", number: 4 }, "en");
    const plan = levelPlan(pages, []);
    const weekly = new Set(weeklyPages(pages).map(({ page }) => page));
    const letters = plan.flatMap((day, index) =>
      day.worksheets
        .filter((entry) => entry.skill === "letters" && !weekly.has(entry.page))
        .map((entry) => ({ page: entry.page, week: weekOf(index) })),
    );
    expect(letters.map((entry) => entry.page)).toEqual([...letters.map((entry) => entry.page)].sort((a, b) => a - b));
    for (let week = 0; week < planWeeks; week++)
      expect(letters.filter((entry) => entry.week === week).length, `week ${week + 1}`).toBeGreaterThanOrEqual(2);
  });

  it("opens each week with that week's own pages", () => {
    for (const level of kit.levels.filter((entry) => entry.number > 0)) {
      const pages = documentPages({ kind: "level", number: level.number }, "en");
      const plan = levelPlan(pages, ["emotions"]);
      const weekly = weeklyPages(pages);
      // The child's name and the week's story, each week.
      expect(weekly.map(({ week }) => week).sort()).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
      for (const { page, week } of weekly)
        expect(
          plan[(week - 1) * planDaysPerWeek]?.worksheets.map((entry) => entry.page),
          `level ${level.number} week ${week}`,
        ).toContain(page);
    }
  });

  it("starts each week with the strands the child's age calls for, without marking them", () => {
    expect(leadSkills(3)).toEqual(["fine-motor"]);
    expect(leadSkills(4)).toEqual([]);
    expect(leadSkills(6)).toEqual(["letters", "numbers"]);
    expect(leadSkills(null)).toEqual([]);
    const pages = documentPages({ kind: "level", number: 2 }, "en");
    const weekStart = (lead: ReturnType<typeof leadSkills>) =>
      levelPlan(pages, [], lead)
        .slice(0, planDaysPerWeek)
        .flatMap((day) => day.worksheets)
        .filter((entry) => !weeklyPages(pages).some(({ page }) => page === entry.page));
    const young = weekStart(leadSkills(3));
    expect(young[0]?.skill).toBe("fine-motor");
    expect(young.some((entry) => entry.focus)).toBe(false);
    expect(weekStart(leadSkills(6))[0]?.skill).toBe("letters");
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
