import type { Database, Transaction } from "@kinderready/db/open-db";
import { offerStates, users } from "@kinderready/db/schema";
import { and, eq, sql } from "drizzle-orm";
import { soldProduct } from "../product.ts";
import { type UpsellStage, upsellStages } from "./offer-rules.ts";

// Where a parent's offers stand, as stored: read and written inside other use cases' transactions
// too (payments), so every function takes the database or a transaction.

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
export async function insertOfferDeadline(
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
 * Moves the upsell offer from stage `from` to `to` and answers the stage it is at after. The
 * update only moves from `from`, so two tabs cannot skip or undo a stage.
 */
export async function updateUpsellStage(
  db: Database | Transaction,
  input: { userId: string; from: UpsellStage; to: UpsellStage; now: Date },
): Promise<UpsellStage> {
  await db.insert(offerStates).values({ userId: input.userId }).onConflictDoNothing();
  await db
    .update(offerStates)
    .set({ upsellStage: input.to, updatedAt: input.now })
    .where(and(eq(offerStates.userId, input.userId), eq(offerStates.upsellStage, input.from)));
  return (await readOfferState(db, input.userId)).upsellStage;
}

/** The id of the parent with this token, if any. */
export async function findParentId(db: Database, input: { userToken: string }): Promise<string | undefined> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.token, input.userToken), eq(users.product, soldProduct)));
  return user?.id;
}
