import { type QuizTopic, type Skill, skills } from "../catalogue.ts";
import type { KitPage } from "./book-document.ts";

// A level's four weeks, five days a week, about fifteen minutes a day: which pages to do on which
// day. Every strand is spread evenly over the weeks in the book's order (each strand's pages go
// from easy to harder), the activity card sheets fall on days spread through the month, and the
// pages that answer what the parent told us in the quiz open the plan and are marked. A weekly
// page (the child's name, the week's story) opens its week. The child's age brings a strand
// forward too: pencil and scissors for the youngest, letters and numbers for the oldest.

export const planWeeks = 4;
export const planDaysPerWeek = 5;

export type PlannedPage = { page: number; skill: Skill; focus: boolean };
export type PlanDay = { worksheets: PlannedPage[]; cards: PlannedPage[] };

/** The strands a child of this age starts each week with (none at four, or when we do not know). */
export function leadSkills(age: number | null | undefined): Skill[] {
  if (age === null || age === undefined) return [];
  if (age <= 3) return ["fine-motor"];
  if (age >= 5) return ["letters", "numbers"];
  return [];
}

function matches(topics: readonly string[], wanted: ReadonlySet<string>) {
  return topics.some((topic) => wanted.has(topic));
}

export function levelPlan(
  pages: readonly KitPage[],
  topics: readonly QuizTopic[],
  lead: readonly Skill[] = [],
): PlanDay[] {
  const wanted = new Set<string>(topics);
  const days = planWeeks * planDaysPerWeek;
  const weekly: { entry: PlannedPage; week: number }[] = [];
  const worksheets = pages.flatMap((page, index): PlannedPage[] => {
    if (page.kind !== "printable") return [];
    const entry = { page: index + 1, skill: page.item.skill, focus: matches(page.item.topics, wanted) };
    if (page.item.week === undefined) return [entry];
    weekly.push({ entry, week: page.item.week });
    return [];
  });
  const sheets = pages.flatMap((page, index): PlannedPage[] => {
    if (page.kind !== "cards") return [];
    const [first] = page.items;
    if (!first) return [];
    return [{ page: index + 1, skill: first.skill, focus: page.items.some((item) => matches(item.topics, wanted)) }];
  });
  // Each page's place in its strand, as a share of the month: the i-th of k pages at (i + 0.5) / k.
  // A strand the parent asked for, or the child's age calls for, starts half a step earlier, so
  // it opens the first days (and every week after).
  const focusSkills = new Set([...worksheets.filter((entry) => entry.focus).map((entry) => entry.skill), ...lead]);
  const bySkill = Map.groupBy(worksheets, (entry) => entry.skill);
  const ordered = [...bySkill.entries()]
    .flatMap(([skill, entries]) =>
      entries.map((entry, i) => ({
        entry,
        at: (i + (focusSkills.has(skill) ? 0 : 0.5)) / entries.length,
        strand: skills.indexOf(skill),
      })),
    )
    .sort((a, b) => a.at - b.at || a.strand - b.strand)
    .map(({ entry }) => entry);
  const plan = Array.from({ length: days }, (): PlanDay => ({ worksheets: [], cards: [] }));
  // Every page gets an even share of the days; a day that holds a weekly page takes that many fewer.
  const total = ordered.length + weekly.length;
  const slots = Array.from({ length: total }, (_, index) => Math.floor((index * days) / total));
  const pinned = weekly.map(({ week }) => (week - 1) * planDaysPerWeek);
  for (const day of pinned) {
    const at = slots.lastIndexOf(day);
    if (at >= 0) slots.splice(at, 1);
  }
  ordered.forEach((entry, index) => {
    plan[slots[index] ?? days - 1]?.worksheets.push(entry);
  });
  weekly.forEach(({ entry }, index) => {
    plan[pinned[index] as number]?.worksheets.push(entry);
  });
  sheets.forEach((sheet, index) => {
    plan[Math.floor(((index + 0.5) * days) / sheets.length)]?.cards.push(sheet);
  });
  return plan;
}
