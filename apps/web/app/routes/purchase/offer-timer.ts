import { startingSeconds } from "@kinderready/domain/pricing/offer-rules";

/**
 * The offer countdown as the parent sees it. The server keeps the deadline (set when the price
 * is first shown, the same after a reload or on another device) and prices the checkout by it;
 * the page only counts down to it, against this device's clock from when the server answered.
 */

export const tickMs = 1000;

export type OfferTimer = { secondsLeft: number; expired: boolean };

/** Before the server answered: the whole countdown, not yet running. */
export function notStartedTimer(timeoutSeconds: number): OfferTimer {
  const secondsLeft = startingSeconds(timeoutSeconds);
  return { secondsLeft, expired: secondsLeft === 0 };
}

/** The local moment the server's countdown ends: `secondsLeft` from when its answer arrived. */
export function localDeadline(secondsLeft: number, receivedAtMs: number): number {
  return receivedAtMs + Math.max(0, secondsLeft) * 1000;
}

/** The countdown at `nowMs` against a local deadline. */
export function timerAt(deadlineMs: number, nowMs: number): OfferTimer {
  const secondsLeft = Math.max(0, Math.ceil((deadlineMs - nowMs) / 1000));
  return { secondsLeft, expired: secondsLeft === 0 };
}

/** mm:ss, the way the offer shows the time left. */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}
