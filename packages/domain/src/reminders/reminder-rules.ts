// When the product writes to a parent who did not buy, or whose kit has closed: marketing mail,
// sent only with their consent. A parent who reached the offer and did not pay hears twice, about
// an hour and a day after the offer's countdown ran out; one whose subscription ended hears once,
// a week after the kit closed. Mail for an old visit is not sent late: past its window it is skipped.

const hour = 60 * 60 * 1000;
const day = 24 * hour;

/** After the countdown's end: the first reminder, the second, and the last moment either may go. */
export const checkoutReminders = [
  { number: 1, after: 1 * hour, until: 3 * day },
  { number: 2, after: 1 * day, until: 7 * day },
] as const;
/** The second reminder comes this long after the first at least, whenever the first went. */
export const secondAfterFirst = 20 * hour;

/** After the kit closed (the end of the last period): the one win-back mail, and its window. */
export const winBack = { after: 7 * day, until: 30 * day } as const;

/** The window in which a mail due `after` a moment may go, as moments, for a run at `now`: between `from` and `to`. */
export function dueWindow(now: Date, rule: { after: number; until: number }): { from: Date; to: Date } {
  return { from: new Date(now.getTime() - rule.until), to: new Date(now.getTime() - rule.after) };
}
