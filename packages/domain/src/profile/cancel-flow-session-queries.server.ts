import type { Database, Transaction } from "@kinderready/db/open-db";
import { cancelFlowSessions } from "@kinderready/db/schema";
import { and, eq, isNull } from "drizzle-orm";

// The passes through the cancel flow (cancel-flow.server.ts), each recorded with how it ended.

export async function insertCancelFlowSession(
  db: Database | Transaction,
  values: typeof cancelFlowSessions.$inferInsert,
): Promise<{ id: string; reason: string; comment: string | null } | undefined> {
  const [session] = await db
    .insert(cancelFlowSessions)
    .values(values)
    .returning({ id: cancelFlowSessions.id, reason: cancelFlowSessions.reason, comment: cancelFlowSessions.comment });
  return session;
}

/** The parent's pass with this id, still undecided. */
export async function findOpenCancelFlowSession(
  db: Database | Transaction,
  input: { id: string; userId: string },
): Promise<typeof cancelFlowSessions.$inferSelect | undefined> {
  const [session] = await db
    .select()
    .from(cancelFlowSessions)
    .where(
      and(
        eq(cancelFlowSessions.id, input.id),
        eq(cancelFlowSessions.userId, input.userId),
        isNull(cancelFlowSessions.outcome),
      ),
    );
  return session;
}

/** Records that the pass kept the subscription, and by what. */
export async function markCancelFlowSessionSaved(
  db: Database | Transaction,
  input: { id: string; savedBy: string; now: Date },
): Promise<void> {
  await db
    .update(cancelFlowSessions)
    .set({ outcome: "saved", savedBy: input.savedBy, decidedAt: input.now })
    .where(and(eq(cancelFlowSessions.id, input.id), isNull(cancelFlowSessions.outcome)));
}

/** Records that the pass ended in a cancellation. */
export async function markCancelFlowSessionCancelled(
  db: Database | Transaction,
  input: { id: string; now: Date },
): Promise<void> {
  await db
    .update(cancelFlowSessions)
    .set({ outcome: "cancelled", decidedAt: input.now })
    .where(and(eq(cancelFlowSessions.id, input.id), isNull(cancelFlowSessions.outcome)));
}
