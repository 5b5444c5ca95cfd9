import type { Database, Transaction } from "@kinderready/db/open-db";
import { attributions, emailMessages, entitlements, quizAnswers, subscriptions, users } from "@kinderready/db/schema";
import { and, eq, sql } from "drizzle-orm";
import { soldProduct } from "../product.ts";

// A lead's reads and writes: the parent the quiz made, their answers, where they came from
// (onboarding.server.ts holds the rules).

type Db = Database | Transaction;

/**
 * Inserts the lead, or updates the one with its token while it is still only a lead (not erased,
 * no manual access, nothing bought). Undefined when the token's parent is past that.
 */
export async function upsertLead(
  db: Db,
  input: {
    lead: Omit<typeof users.$inferInsert, "marketingContactId">;
    email: string;
    confirmedNow: Date | null;
    marketingContactId: string;
    now: Date;
  },
): Promise<{ id: string; created: boolean } | undefined> {
  const { lead, confirmedNow } = input;
  const [user] = await db
    .insert(users)
    .values({ ...lead, emailConfirmedAt: confirmedNow, marketingContactId: input.marketingContactId })
    .onConflictDoUpdate({
      target: users.token,
      set: {
        ...lead,
        // A confirmation stays; a changed email needs a new one.
        emailConfirmedAt: sql`case when ${users.email} = ${input.email} then coalesce(${users.emailConfirmedAt}, ${confirmedNow}) else ${confirmedNow} end`,
        updatedAt: input.now,
      },
      setWhere: sql`${users.erasedAt} is null and not ${users.isManualAccess} and not exists (select 1 from ${entitlements} where ${entitlements.userId} = ${users.id})`,
    })
    // xmax is 0 only on a row this statement inserted: a new account, not an update.
    .returning({ id: users.id, created: sql<boolean>`(xmax = 0)` });
  return user;
}

export async function deleteQuizAnswers(db: Db, userId: string): Promise<void> {
  await db.delete(quizAnswers).where(eq(quizAnswers.userId, userId));
}

export async function insertQuizAnswers(db: Db, rows: (typeof quizAnswers.$inferInsert)[]): Promise<void> {
  await db.insert(quizAnswers).values(rows);
}

export async function upsertAttribution(
  db: Db,
  input: { userId: string; attribution: Omit<typeof attributions.$inferInsert, "userId">; now: Date },
): Promise<void> {
  await db
    .insert(attributions)
    .values({ userId: input.userId, ...input.attribution })
    .onConflictDoUpdate({ target: attributions.userId, set: { ...input.attribution, updatedAt: input.now } });
}

/** Queues the lead's welcome email, once: its id, or undefined when it was queued before. */
export async function insertWelcomeEmail(
  db: Db,
  input: { userId: string; recipient: string },
): Promise<string | undefined> {
  const [message] = await db
    .insert(emailMessages)
    .values({ userId: input.userId, kind: "welcome", recipient: input.recipient })
    .onConflictDoNothing()
    .returning({ id: emailMessages.id });
  return message?.id;
}

/** The token of the parent with this email, if any. */
export async function findLeadTokenByEmail(db: Db, email: string): Promise<string | undefined> {
  const [owner] = await db
    .select({ token: users.token })
    .from(users)
    .where(and(eq(users.product, soldProduct), eq(users.email, email)))
    .limit(1);
  return owner?.token;
}

/** The parent by their token, or by the contact id the marketing-email service knows them by. */
export async function findLead(db: Db, by: { token: string } | { marketingContactId: string }) {
  const [user] = await db
    .select({
      id: users.id,
      token: users.token,
      email: users.email,
      isManualAccess: users.isManualAccess,
    })
    .from(users)
    .where(
      "marketingContactId" in by
        ? and(eq(users.product, soldProduct), eq(users.marketingContactId, by.marketingContactId))
        : and(eq(users.product, soldProduct), eq(users.token, by.token)),
    )
    .limit(1);
  return user;
}

export async function findLeadSubscription(db: Db, userId: string) {
  const [subscription] = await db
    .select({ status: subscriptions.status, currentPeriodEnd: subscriptions.currentPeriodEnd })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.product, soldProduct)));
  return subscription;
}

/** Records the opened confirmation link on the lead with this email and token, if there is one. */
export async function updateEmailConfirmed(
  db: Db,
  input: { email: string; token: string; timeZone: string | undefined; isForbiddenToMailing: boolean; now: Date },
): Promise<{ email: string | null; isForbiddenToMailing: boolean } | undefined> {
  const [user] = await db
    .update(users)
    .set({
      emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`,
      isForbiddenToMailing: input.isForbiddenToMailing,
      ...(input.timeZone ? { timeZone: input.timeZone } : {}),
      updatedAt: input.now,
    })
    .where(and(eq(users.token, input.token), eq(users.email, input.email), eq(users.product, soldProduct)))
    .returning({ email: users.email, isForbiddenToMailing: users.isForbiddenToMailing });
  return user;
}
