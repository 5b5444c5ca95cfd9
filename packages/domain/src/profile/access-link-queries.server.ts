import type { Database, Transaction } from "@kinderready/db/open-db";
import { accessLinks, emailMessages } from "@kinderready/db/schema";
import { and, eq, gt, isNull } from "drizzle-orm";
import { emailKind } from "../email/email-kinds.ts";

// Sign-in links (access-links.server.ts says how they work): only the link's id is stored.

export async function insertAccessLink(
  db: Database | Transaction,
  values: { userId: string; expiresAt: Date; createdAt: Date },
): Promise<{ id: string } | undefined> {
  const [link] = await db.insert(accessLinks).values(values).returning({ id: accessLinks.id });
  return link;
}

/** The outbox row of the email carrying the link; answers its id. */
export async function insertAccessLinkEmail(
  db: Database | Transaction,
  input: { userId: string; linkId: string; recipient: string },
): Promise<string | undefined> {
  const [message] = await db
    .insert(emailMessages)
    .values({ userId: input.userId, kind: emailKind("access-link", input.linkId), recipient: input.recipient })
    .returning({ id: emailMessages.id });
  return message?.id;
}

/** The link with this id, unused and unexpired at `now`. */
export async function findUsableAccessLink(
  db: Database | Transaction,
  input: { id: string; now: Date },
): Promise<{ id: string } | undefined> {
  const [link] = await db
    .select({ id: accessLinks.id })
    .from(accessLinks)
    .where(and(eq(accessLinks.id, input.id), isNull(accessLinks.usedAt), gt(accessLinks.expiresAt, input.now)));
  return link;
}

/** Marks the link used, if it is unused and unexpired at `now`; answers whose it was. */
export async function markAccessLinkUsed(
  db: Database | Transaction,
  input: { id: string; now: Date },
): Promise<{ userId: string } | undefined> {
  const [link] = await db
    .update(accessLinks)
    .set({ usedAt: input.now })
    .where(and(eq(accessLinks.id, input.id), isNull(accessLinks.usedAt), gt(accessLinks.expiresAt, input.now)))
    .returning({ userId: accessLinks.userId });
  return link;
}
