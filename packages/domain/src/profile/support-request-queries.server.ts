import type { Database, Transaction } from "@kinderready/db/open-db";
import { emailMessages, supportRequests } from "@kinderready/db/schema";
import { emailKind } from "../email/email-kinds.ts";

// Contact-form messages, and the outbox row of the email that takes each to support.

export async function insertSupportRequest(
  db: Database | Transaction,
  values: typeof supportRequests.$inferInsert,
): Promise<{ id: string } | undefined> {
  const [request] = await db.insert(supportRequests).values(values).returning({ id: supportRequests.id });
  return request;
}

/** The outbox row of the email to support about a request; answers its id. */
export async function insertSupportRequestEmail(
  db: Database | Transaction,
  input: { userId: string | null; requestId: string; recipient: string },
): Promise<string | undefined> {
  const [message] = await db
    .insert(emailMessages)
    .values({ userId: input.userId, kind: emailKind("support", input.requestId), recipient: input.recipient })
    .returning({ id: emailMessages.id });
  return message?.id;
}
