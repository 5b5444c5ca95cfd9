import type { Database, Transaction } from "@kinderready/db/open-db";
import { users } from "@kinderready/db/schema";
import { and, eq } from "drizzle-orm";
import type { MailingOptOutVia } from "./unsubscribe.server.ts";

/** Forbids marketing mail to the parent, recording when and how; a parent already opted out keeps the first record. */
export async function updateMailingOptOut(
  db: Database | Transaction,
  input: { userId: string; via: MailingOptOutVia; now: Date },
): Promise<void> {
  const { userId, via, now } = input;
  await db
    .update(users)
    .set({ isForbiddenToMailing: true, mailingOptOutAt: now, mailingOptOutVia: via, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.isForbiddenToMailing, false)));
}
