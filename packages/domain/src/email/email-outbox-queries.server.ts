import type { Database, Transaction } from "@kinderready/db/open-db";
import { emailOutbox } from "@kinderready/db/schema";
import { desc } from "drizzle-orm";

// The outbox that keeps sent mail in the database when no SMTP server is configured.

/** Keeps one sent message: its parts, and the MIME message as it would have gone on the wire. */
export async function insertOutboxMail(
  db: Database | Transaction,
  mail: typeof emailOutbox.$inferInsert,
): Promise<void> {
  await db.insert(emailOutbox).values(mail);
}

/** The latest kept messages, newest first. */
export async function listOutboxMail(db: Database | Transaction, limit: number) {
  return db
    .select({
      id: emailOutbox.id,
      recipient: emailOutbox.recipient,
      subject: emailOutbox.subject,
      text: emailOutbox.text,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt))
    .limit(limit);
}
