// How a declined renewal is retried, without I/O: billing schedules the retries by it, and the
// console's cohorts wait for them before counting a renewal as lost.

/** Days to wait after the 1st and 2nd failed renewal; the 3rd failure expires the subscription. */
export const retryDelaysDays = [3, 5] as const;

/**
 * Days a renewal is given to succeed after it falls due: every retry's wait. A renewal counts as
 * reached only once they are over, so one still being retried is not yet counted as lost.
 */
export const renewalGraceDays = retryDelaysDays.reduce((total: number, days) => total + days, 0);

/** Declines the card will keep giving: never retried (card blocked, account closed, fraud checks). */
function isHardDecline(code: string | undefined): boolean {
  return code === "3.01" || code === "3.12" || Boolean(code?.startsWith("4."));
}

/**
 * The days to wait before retrying a renewal declined with `code`, its `failedRenewals`-th
 * decline in a row; undefined when it is not retried and the subscription expires.
 */
export function retryDelayAfter(failedRenewals: number, code: string | undefined): number | undefined {
  return isHardDecline(code) ? undefined : retryDelaysDays[failedRenewals - 1];
}
