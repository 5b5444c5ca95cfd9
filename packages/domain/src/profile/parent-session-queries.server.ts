import type { Database, Transaction } from "@kinderready/db/open-db";
import { parentSessions, users } from "@kinderready/db/schema";
import { and, eq, gt, isNull, lt, ne, or } from "drizzle-orm";
import { soldProduct } from "../product.ts";

// The parent_sessions table, keyed by the SHA-256 of the id the browser holds
// (parent-sessions.server.ts says what a session is).

/**
 * Deletes the parent's expired sessions, and the session `replacingHash` names (whoever it was
 * for) when one is named.
 */
export async function deleteEndedParentSessions(
  db: Database | Transaction,
  input: { userId: string; now: Date; replacingHash: string | undefined },
): Promise<void> {
  const ended = lt(parentSessions.expiresAt, input.now);
  await db
    .delete(parentSessions)
    .where(
      input.replacingHash
        ? or(eq(parentSessions.idHash, input.replacingHash), and(eq(parentSessions.userId, input.userId), ended))
        : and(eq(parentSessions.userId, input.userId), ended),
    );
}

export async function insertParentSession(
  db: Database | Transaction,
  values: typeof parentSessions.$inferInsert,
): Promise<void> {
  await db.insert(parentSessions).values(values);
}

/** The unexpired session with this hash and its parent, unless the parent was erased. */
export async function findParentBySession(db: Database | Transaction, input: { idHash: string; now: Date }) {
  const [found] = await db
    .select({ parent: users, lastSeenAt: parentSessions.lastSeenAt, verifiedAt: parentSessions.verifiedAt })
    .from(parentSessions)
    .innerJoin(users, eq(users.id, parentSessions.userId))
    .where(
      and(
        eq(parentSessions.idHash, input.idHash),
        gt(parentSessions.expiresAt, input.now),
        eq(users.product, soldProduct),
        isNull(users.erasedAt),
      ),
    );
  return found;
}

export async function updateSessionLastSeen(
  db: Database | Transaction,
  input: { idHash: string; now: Date },
): Promise<void> {
  await db.update(parentSessions).set({ lastSeenAt: input.now }).where(eq(parentSessions.idHash, input.idHash));
}

export async function deleteParentSession(db: Database | Transaction, idHash: string): Promise<void> {
  await db.delete(parentSessions).where(eq(parentSessions.idHash, idHash));
}

/** Deletes every session of the parent but the one `keepHash` names; answers the hashes deleted. */
export async function deleteOtherParentSessions(
  db: Database | Transaction,
  input: { userId: string; keepHash: string },
): Promise<{ idHash: string }[]> {
  return db
    .delete(parentSessions)
    .where(and(eq(parentSessions.userId, input.userId), ne(parentSessions.idHash, input.keepHash)))
    .returning({ idHash: parentSessions.idHash });
}
