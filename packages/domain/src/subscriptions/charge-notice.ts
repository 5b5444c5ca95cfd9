// When the notice before a charge goes out: before the trial turns into the first full charge,
// and before each renewal. The terms ask parents to cancel at least a day before the trial or the
// period ends; the notice reaches them at least a day before that deadline, with a margin for a
// billing job that ran late.

const hour = 60 * 60 * 1000;
/** The terms: cancel at least this long before the trial or the current period ends. */
export const cancelBeforeChargeHours = 24;
/** The least time a parent has between the notice and the cancel deadline. */
export const noticeBeforeDeadlineHours = 24;
/** The notice is due this long before the charge (the 48 hours above, and 6 hours' margin). */
export const noticeLeadHours = cancelBeforeChargeHours + noticeBeforeDeadlineHours + 6;

/** The moment the notice for a charge due at `chargeAt` is due. */
export function chargeNoticeDueAt(chargeAt: Date): Date {
  return new Date(chargeAt.getTime() - noticeLeadHours * hour);
}

/** The last moment to cancel before the charge at `chargeAt`, as the terms put it. */
export function cancelDeadline(chargeAt: Date): Date {
  return new Date(chargeAt.getTime() - cancelBeforeChargeHours * hour);
}

/**
 * The charge's moment once its notice goes out at `sentAt`: unchanged when the parent still has
 * the full time to act, otherwise moved on so they do (a notice sent late never shortens their
 * time to cancel; the charge waits instead).
 */
export function chargeAfterNotice(chargeAt: Date, sentAt: Date): Date {
  const earliest = sentAt.getTime() + (cancelBeforeChargeHours + noticeBeforeDeadlineHours) * hour;
  return new Date(Math.max(chargeAt.getTime(), earliest));
}
