import type { Locale } from "@kinderready/i18n/locales";
import { documentPages, worksheetParts } from "@kinderready/kit/book/book-document";
import { leadSkills, levelPlan } from "@kinderready/kit/book/level-plan";
import { kit, type LevelNumber, type PrintableItem, type QuizTopic } from "@kinderready/kit/catalogue";

// The week ahead for one child: the next pages of their level in the order of its plan, less what
// they did, and for each page marked too hard an easier one of the same skill first. Done early
// simply brings the next pages sooner. Pure: the marks come in, the list goes out.

/** What a parent can mark on an item: done, or too hard for now. */
export type ItemMark = "done" | "too-hard";

/** About a week of fifteen-minute days: three pages a day, five days. */
export const weekPages = 15;
/** At most this many easier pages a week, so the week still moves on. */
const easierAtMost = 3;

export type WeekEntry = {
  itemId: string;
  /** The page marked too hard this one prepares for. */
  easierFor?: string;
};

/** A level's worksheets in the order its plan of the month puts them. */
function planOrder(
  level: LevelNumber,
  topics: readonly QuizTopic[],
  age: number | null,
  locale: Locale,
): PrintableItem[] {
  const pages = documentPages({ kind: "level", number: level }, locale);
  const ordered = levelPlan(pages, topics, leadSkills(age))
    .flatMap((day) => day.worksheets)
    .flatMap((entry) => {
      const page = pages[entry.page - 1];
      return page?.kind === "printable" ? [page.item] : [];
    });
  return [...new Map(ordered.map((item) => [item.id, item])).values()];
}

/**
 * An easier page of the same skill: the closest before it in the kit (this level's earlier pages
 * of the skill, then the levels below, latest first), of the same template where there is one.
 */
function easierThan(item: PrintableItem, level: LevelNumber, taken: Set<string>): PrintableItem | undefined {
  const before = kit.levels
    .filter((entry) => entry.number <= level)
    .flatMap((entry) => entry.items)
    .filter((candidate): candidate is PrintableItem => candidate.kind === "printable");
  const index = before.findIndex((candidate) => candidate.id === item.id);
  const earlier = before
    .slice(0, index < 0 ? before.length : index)
    .reverse()
    .filter((candidate) => candidate.skill === item.skill && !taken.has(candidate.id));
  return earlier.find((candidate) => candidate.params.template === item.params.template) ?? earlier[0];
}

export function planWeek(input: {
  level: LevelNumber;
  marks: ReadonlyMap<string, ItemMark>;
  topics: readonly QuizTopic[];
  /** The child's age from the quiz, when known. */
  age: number | null;
  locale: Locale;
}): WeekEntry[] {
  const order = planOrder(input.level, input.topics, input.age, input.locale);
  const taken = new Set<string>();
  const week: WeekEntry[] = [];
  let pages = 0;
  const add = (item: PrintableItem, easierFor?: string) => {
    taken.add(item.id);
    week.push({ itemId: item.id, ...(easierFor && { easierFor }) });
    pages += worksheetParts(item, input.locale);
  };
  for (const hard of order.filter((item) => input.marks.get(item.id) === "too-hard").slice(0, easierAtMost)) {
    const easier = easierThan(hard, input.level, taken);
    if (easier) add(easier, hard.id);
  }
  for (const item of order) {
    if (pages >= weekPages) break;
    if (!input.marks.has(item.id) && !taken.has(item.id)) add(item);
  }
  return week;
}
