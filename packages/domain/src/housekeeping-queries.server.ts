import type { Database, Transaction } from "@kinderready/db/open-db";
import { operatorSignInFailures, parentSessions } from "@kinderready/db/schema";
import { lt } from "drizzle-orm";

// The rows the hourly housekeeping deletes (housekeeping-jobs.server.ts says which and when).

/** Parent sessions that ended before `now`. */
export async function deleteExpiredParentSessions(db: Database | Transaction, now: Date): Promise<void> {
  await db.delete(parentSessions).where(lt(parentSessions.expiresAt, now));
}

/** Operators' sign-in failure counts last touched before `before`. */
export async function deleteSignInFailuresBefore(db: Database | Transaction, before: Date): Promise<void> {
  await db.delete(operatorSignInFailures).where(lt(operatorSignInFailures.updatedAt, before));
}
