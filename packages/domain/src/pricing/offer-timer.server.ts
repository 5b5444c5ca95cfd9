import type { Database } from "@kinderready/db/open-db";
import { findOfferTimerSetting } from "./offer-timer-queries.server.ts";

// The offer's countdown: the operator sets it in the console (a settings row); until then, and
// if the row holds anything out of bounds, the deployment's OFFER_TIMER_TIMEOUT applies.

/** The countdown's bounds: long enough to read the offer, short enough to mean something. */
export const offerTimerBounds = { min: 30, max: 3_600 } as const;

/** The offer's countdown in seconds: the operator's setting, else the deployment's default. */
export async function getOfferTimerSeconds(deps: { db: Database }, fallback: number): Promise<number> {
  const row = await findOfferTimerSetting(deps.db);
  const seconds = Number(row?.value);
  return Number.isInteger(seconds) && seconds >= offerTimerBounds.min && seconds <= offerTimerBounds.max
    ? seconds
    : fallback;
}
