import type { Database, Transaction } from "@kinderready/db/open-db";
import { offerStates, users } from "@kinderready/db/schema";
import { and, eq, sql } from "drizzle-orm";
import { AppError, AppErrorCode } from "../app-error.ts";
import { soldProduct } from "../product.ts";
import {
  secondsLeft,
  startingSeconds,
  type UpsellDecision,
  type UpsellStage,
  upsellStages,
  upsellTransitions,
} from "./offer-rules.ts";

// Where a parent's offers stand, as the server made them (offer-rules.ts holds the rules).

export type OfferState = { deadline: Date | undefined; upsellStage: UpsellStage };

export async function readOfferState(db: Database | Transaction, userId: string): Promise<OfferState> {
  const [row] = await db.select().from(offerStates).where(eq(offerStates.userId, userId));
  return {
    deadline: row?.offerDeadlineAt ?? undefined,
    upsellStage: upsellStages.find((stage) => stage === row?.upsellStage) ?? "initial",
  };
}

/**
 * The countdown's deadline: set the first time the price is shown (or bought without being
 * shown), then kept. Concurrent first views agree on one deadline, the first one written.
 */
export async function startOfferCountdown(
  db: Database | Transaction,
  input: { userId: string; seconds: number; now: Date },
): Promise<Date> {
  const deadline = new Date(input.now.getTime() + input.seconds * 1000);
  const [row] = await db
    .insert(offerStates)
    .values({ userId: input.userId, offerDeadlineAt: deadline, updatedAt: input.now })
    .onConflictDoUpdate({
      target: offerStates.userId,
      set: { offerDeadlineAt: sql`coalesce(${offerStates.offerDeadlineAt}, excluded.offer_deadline_at)` },
    })
    .returning({ deadline: offerStates.offerDeadlineAt });
  if (!row?.deadline) throw new Error(`offer deadline for ${input.userId} not stored`);
  return row.deadline;
}

/**
 * Records the parent's answer to the upsell offer and answers the stage it leaves. The update
 * only moves from the stage the rule starts at, so two tabs cannot skip or undo a stage.
 */
export async function recordUpsellDecision(
  db: Database | Transaction,
  input: { userId: string; decision: UpsellDecision; now: Date },
): Promise<UpsellStage> {
  const { from, to } = upsellTransitions[input.decision];
  await db.insert(offerStates).values({ userId: input.userId }).onConflictDoNothing();
  await db
    .update(offerStates)
    .set({ upsellStage: to, updatedAt: input.now })
    .where(and(eq(offerStates.userId, input.userId), eq(offerStates.upsellStage, from)));
  return (await readOfferState(db, input.userId)).upsellStage;
}

async function parentId(db: Database, input: { userToken: string }): Promise<string | undefined> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.token, input.userToken), eq(users.product, soldProduct)));
  return user?.id;
}

/** Seconds left on a parent's countdown; undefined before the price was first shown (or for no parent). */
export async function getOfferCountdown(
  db: Database,
  input: { userToken: string; now: Date },
): Promise<number | undefined> {
  const userId = await parentId(db, input);
  const deadline = userId && (await readOfferState(db, userId)).deadline;
  return deadline ? secondsLeft(deadline, input.now) : undefined;
}

/** The price is on the parent's screen: the countdown starts, once; answers the seconds left. */
export async function showSubscriptionOffer(
  db: Database,
  input: { userToken: string; timeoutSeconds: number; now: Date },
): Promise<number> {
  const userId = await parentId(db, input);
  if (!userId) throw new AppError(AppErrorCode.NotFound, "user_token", "No parent has this token");
  const deadline = await startOfferCountdown(db, {
    userId,
    seconds: startingSeconds(input.timeoutSeconds),
    now: input.now,
  });
  return secondsLeft(deadline, input.now);
}
