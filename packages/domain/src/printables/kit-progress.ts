import type { Locale } from "@kinderready/i18n/locales";
import { firstEditionLevels, type ItemPlace, kit, type QuizTopic, quizTopics } from "@kinderready/kit/catalogue";
import { AppError, AppErrorCode } from "../app-error.ts";
import type { SubscriptionRow } from "../subscriptions/subscription-state.ts";
import { type ItemMark, planWeek } from "./week-plan.ts";

// The kit's progress, as rules without I/O: which items are done, which levels are unlocked (each
// after the previous one is complete), whether an item or a file may be opened, and the child's
// week ahead in the level they are working in.

/** What a parent may open: the kit, the add-on packs, how many books of the month; with who they are. */
export type Access = {
  user: {
    id: string;
    kidName: string | null;
    kidAge: number | null;
    countryCode: string | null;
    paper: string | null;
    topics: string[];
  };
  core: boolean;
  packs: boolean;
  /** How many books of the month are open (none without the kit). */
  months: number;
  subscription:
    | Pick<SubscriptionRow, "status" | "currentPeriodEnd" | "cancelAt" | "pauseFrom" | "periodDays">
    | undefined;
};

/** The items done: a page marked too hard is not, so its level stays open until it is. */
export function doneOf(marks: ReadonlyMap<string, ItemMark>): Set<string> {
  return new Set([...marks].filter(([, mark]) => mark === "done").map(([id]) => id));
}

/**
 * Levels unlocked in order: the trial is open, each next level after the previous is complete.
 * A level finished in the kit's first edition (other item ids) stays complete.
 */
export function levelStates(done: Set<string>) {
  let previousComplete = true;
  return kit.levels.map((level) => {
    const doneCount = level.items.filter((item) => done.has(item.id)).length;
    const firstEdition = firstEditionLevels[String(level.number) as "0"] ?? [];
    const finishedBefore = firstEdition.length > 0 && firstEdition.every((id) => done.has(id));
    const completed = doneCount === level.items.length || finishedBefore;
    const state = { level, locked: !previousComplete, doneCount, completed };
    previousComplete = state.completed && !state.locked;
    return state;
  });
}

export type LevelState = ReturnType<typeof levelStates>[number];

export function assertOpen(access: Access, place: ItemPlace, done: Set<string>) {
  if ("pack" in place) {
    if (!access.packs)
      throw new AppError(AppErrorCode.NotFound, "item_id", "Add-on packs not bought", "printables.errors.noAccess");
    return;
  }
  if (!access.core)
    throw new AppError(AppErrorCode.NotFound, "token", "No access to the kit", "printables.errors.noAccess");
  if ("month" in place) {
    if (place.month > access.months)
      throw new AppError(
        AppErrorCode.NotFound,
        "item_id",
        "This book of the month is not open yet",
        "printables.errors.noAccess",
      );
    return;
  }
  const state = levelStates(done).find((entry) => entry.level.number === place.level);
  if (state?.locked)
    throw new AppError(AppErrorCode.Conflict, "item_id", "This level is still locked", "printables.errors.locked");
}

/** The week ahead, in the level the child is working in (none once every level is done). */
export function childWeek(access: Access, marks: ReadonlyMap<string, ItemMark>, locale: Locale) {
  const current = levelStates(doneOf(marks)).find((state) => !state.locked && !state.completed);
  if (!current) return undefined;
  const level = current.level.number;
  const topics = knownTopics(access.user.topics);
  return { level, entries: planWeek({ level, marks, topics, age: access.user.kidAge, locale }) };
}

export function knownTopics(topics: readonly string[]): QuizTopic[] {
  return topics.filter((topic): topic is QuizTopic => (quizTopics as readonly string[]).includes(topic));
}
