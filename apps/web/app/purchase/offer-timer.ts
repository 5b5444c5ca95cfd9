/**
 * The offer countdown (spec point 4): it starts at 600 s, capped at the configured timeout,
 * loses a second per tick while the price is on screen, and at 0 the offer has expired.
 */

export const offerSeconds = 600;
export const tickMs = 1000;

export type OfferTimer = { secondsLeft: number; expired: boolean };

export function startingSeconds(timeoutSeconds: number): number {
  return Math.max(0, Math.min(offerSeconds, Math.floor(timeoutSeconds)));
}

/** The timer as saved (undefined before it first ran), kept within today's cap. */
export function restoreTimer(
  saved: { offerSecondsLeft: number | undefined; isOfferExpired: boolean },
  timeoutSeconds: number,
): OfferTimer {
  if (saved.isOfferExpired) return { secondsLeft: 0, expired: true };
  const start = startingSeconds(timeoutSeconds);
  const left = saved.offerSecondsLeft;
  const secondsLeft =
    left === undefined || !Number.isFinite(left) ? start : Math.max(0, Math.min(Math.floor(left), start));
  return { secondsLeft, expired: secondsLeft === 0 };
}

export function tick(timer: OfferTimer): OfferTimer {
  if (timer.expired) return timer;
  const secondsLeft = Math.max(0, timer.secondsLeft - 1);
  return { secondsLeft, expired: secondsLeft === 0 };
}

/** mm:ss, the way the offer shows the time left. */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}
