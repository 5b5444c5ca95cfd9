import type { Database } from "@kinderready/db/open-db";
import { AppError, AppErrorCode } from "../app-error.ts";
import { secondsLeft, startingSeconds } from "./offer-rules.ts";
import { findParentId, insertOfferDeadline, readOfferState } from "./offer-state-queries.server.ts";

// Where a parent's offers stand, as the server made them (offer-rules.ts holds the rules,
// offer-state-queries.server.ts the stored state).

/** Seconds left on a parent's countdown; undefined before the price was first shown (or for no parent). */
export async function getOfferCountdown(
  deps: { db: Database },
  input: { userToken: string; now: Date },
): Promise<number | undefined> {
  const userId = await findParentId(deps.db, input);
  const deadline = userId && (await readOfferState(deps.db, userId)).deadline;
  return deadline ? secondsLeft(deadline, input.now) : undefined;
}

/** The price is on the parent's screen: the countdown starts, once; answers the seconds left. */
export async function showSubscriptionOffer(
  deps: { db: Database },
  input: { userToken: string; timeoutSeconds: number; now: Date },
): Promise<number> {
  const userId = await findParentId(deps.db, input);
  if (!userId) throw new AppError(AppErrorCode.NotFound, "user_token", "No parent has this token");
  const deadline = await insertOfferDeadline(deps.db, {
    userId,
    seconds: startingSeconds(input.timeoutSeconds),
    now: input.now,
  });
  return secondsLeft(deadline, input.now);
}
