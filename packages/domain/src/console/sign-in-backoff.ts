// How long a console sign-in waits after wrong passwords: a few are free, then each one more
// doubles the wait, up to a cap. Nothing locks: the wait ends on its own, a live session is never
// touched, and the emailed sign-in link works throughout. Counted per email (known or not, so
// the waits tell nobody which emails are operators') and client address, and per email.

export type BackoffRule = {
  /** Wrong passwords in the window that cost no wait. */
  free: number;
  /** The wait after the first wrong password past the free ones; each next one doubles it. */
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  /** How far back wrong passwords count. */
  windowMinutes: number;
};

/**
 * One email from one address: the guesser's own address slows down to one try per quarter hour
 * after a dozen, for a day; the operator's right password from there clears it.
 */
export const addressBackoff: BackoffRule = {
  free: 5,
  firstDelaySeconds: 30,
  maxDelaySeconds: 900,
  windowMinutes: 1440,
};

/**
 * One email from every address together: guessing from many addresses gets at most one try a
 * minute past the first ten in an hour, and the operator waits a minute at most.
 */
export const accountBackoff: BackoffRule = { free: 10, firstDelaySeconds: 1, maxDelaySeconds: 60, windowMinutes: 60 };

/** Until when the next attempt must wait after these wrong passwords, or undefined when it need not. */
export function backoffUntil(rule: BackoffRule, wrong: { count: number; last: Date | undefined }): Date | undefined {
  if (wrong.count < rule.free || !wrong.last) return undefined;
  const seconds = Math.min(rule.maxDelaySeconds, rule.firstDelaySeconds * 2 ** (wrong.count - rule.free));
  return new Date(wrong.last.getTime() + seconds * 1000);
}
