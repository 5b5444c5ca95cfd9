import type { Database, Transaction } from "@kinderready/db/open-db";
import { emailMessages, operatorSessions, operatorSignInLinks, operators } from "@kinderready/db/schema";
import { and, eq, gt, isNull, lt } from "drizzle-orm";

// Operators, their sessions and their sign-in links. A session row keeps the SHA-256 of its
// cookie's token, never the token; a link row keeps only its id (the code is an HMAC of it).

/** The new operator, or undefined when an operator with this email exists. */
export async function insertOperator(
  db: Database | Transaction,
  values: { email: string; passwordHash: string },
): Promise<{ id: string; email: string } | undefined> {
  const [created] = await db
    .insert(operators)
    .values(values)
    .onConflictDoNothing({ target: operators.email })
    .returning({ id: operators.id, email: operators.email });
  return created;
}

export async function findOperatorIdByEmail(
  db: Database | Transaction,
  email: string,
): Promise<{ id: string } | undefined> {
  const [operator] = await db.select({ id: operators.id }).from(operators).where(eq(operators.email, email));
  return operator;
}

export async function findOperatorCredentials(
  db: Database | Transaction,
  email: string,
): Promise<{ id: string; email: string; passwordHash: string } | undefined> {
  const [operator] = await db
    .select({ id: operators.id, email: operators.email, passwordHash: operators.passwordHash })
    .from(operators)
    .where(eq(operators.email, email));
  return operator;
}

export async function findOperatorById(
  db: Database | Transaction,
  id: string,
): Promise<{ id: string; email: string } | undefined> {
  const [operator] = await db
    .select({ id: operators.id, email: operators.email })
    .from(operators)
    .where(eq(operators.id, id));
  return operator;
}

export async function updateOperatorLastLogin(db: Database | Transaction, id: string, now: Date): Promise<void> {
  await db.update(operators).set({ lastLoginAt: now }).where(eq(operators.id, id));
}

export async function deleteExpiredOperatorSessions(db: Database | Transaction, now: Date): Promise<void> {
  await db.delete(operatorSessions).where(lt(operatorSessions.expiresAt, now));
}

export async function insertOperatorSession(
  db: Database | Transaction,
  session: {
    tokenHash: string;
    operatorId: string;
    csrfToken: string;
    createdAt: Date;
    lastSeenAt: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(operatorSessions).values(session);
}

/** The operator of a session neither past its end (`now`) nor idle since `idleSince`. */
export async function findLiveOperatorSession(
  db: Database | Transaction,
  input: { tokenHash: string; now: Date; idleSince: Date },
): Promise<{ id: string; email: string; csrfToken: string } | undefined> {
  const [session] = await db
    .select({ id: operators.id, email: operators.email, csrfToken: operatorSessions.csrfToken })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      and(
        eq(operatorSessions.tokenHash, input.tokenHash),
        gt(operatorSessions.expiresAt, input.now),
        gt(operatorSessions.lastSeenAt, input.idleSince),
      ),
    );
  return session;
}

export async function updateOperatorSessionSeen(
  db: Database | Transaction,
  tokenHash: string,
  now: Date,
): Promise<void> {
  await db.update(operatorSessions).set({ lastSeenAt: now }).where(eq(operatorSessions.tokenHash, tokenHash));
}

export async function deleteOperatorSession(db: Database | Transaction, tokenHash: string): Promise<void> {
  await db.delete(operatorSessions).where(eq(operatorSessions.tokenHash, tokenHash));
}

export async function insertOperatorSignInLink(
  db: Database | Transaction,
  values: { operatorId: string; expiresAt: Date; createdAt: Date },
): Promise<{ id: string } | undefined> {
  const [link] = await db.insert(operatorSignInLinks).values(values).returning({ id: operatorSignInLinks.id });
  return link;
}

/** The email that carries a sign-in link, queued for the operator's address (no parent's). */
export async function insertOperatorLinkEmail(
  db: Database | Transaction,
  values: { kind: string; recipient: string },
): Promise<{ id: string } | undefined> {
  const [message] = await db
    .insert(emailMessages)
    .values({ userId: null, ...values })
    .returning({ id: emailMessages.id });
  return message;
}

const liveLink = (id: string, now: Date) =>
  and(eq(operatorSignInLinks.id, id), isNull(operatorSignInLinks.usedAt), gt(operatorSignInLinks.expiresAt, now));

/** A link neither used nor expired at `now`. */
export async function findLiveOperatorSignInLink(
  db: Database | Transaction,
  id: string,
  now: Date,
): Promise<{ id: string } | undefined> {
  const [link] = await db.select({ id: operatorSignInLinks.id }).from(operatorSignInLinks).where(liveLink(id, now));
  return link;
}

/** Uses the link up if it is live: of two racing, one gets its operator, the other undefined. */
export async function markOperatorSignInLinkUsed(
  db: Database | Transaction,
  id: string,
  now: Date,
): Promise<{ operatorId: string } | undefined> {
  const [link] = await db
    .update(operatorSignInLinks)
    .set({ usedAt: now })
    .where(liveLink(id, now))
    .returning({ operatorId: operatorSignInLinks.operatorId });
  return link;
}
