import type { Database, Transaction } from "@kinderready/db/open-db";
import {
  cancellationRequests,
  emailMessages,
  ledgerEntries,
  orders,
  quizAnswers,
  subscriptions,
  users,
} from "@kinderready/db/schema";
import { and, asc, desc, eq, inArray, like, or, type SQL } from "drizzle-orm";
import { soldProduct } from "../product.ts";
import { isUuid } from "../uuid.ts";

// The parents of the sold product as customer support reads and changes them in the console.

/** The query as the beginning of an email, or exactly a token, an order id or a parent id. */
function customerMatching(db: Database | Transaction, query: string): SQL | undefined {
  const escaped = query.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`);
  const byEmail = like(users.email, `${escaped}%`);
  if (query.includes("@")) return byEmail;
  const orderOwner = db.select({ userId: orders.userId }).from(orders).where(eq(orders.orderId, query));
  return or(
    byEmail,
    eq(users.token, query),
    inArray(users.id, orderOwner),
    isUuid(query) ? eq(users.id, query) : undefined,
  );
}

/** The first 25 parents the query matches, by email then age, with their subscription's status. */
export async function listCustomersMatching(db: Database | Transaction, query: string) {
  return db
    .select({
      id: users.id,
      email: users.email,
      kidName: users.kidName,
      locale: users.locale,
      createdAt: users.createdAt,
      subscriptionStatus: subscriptions.status,
    })
    .from(users)
    .leftJoin(subscriptions, and(eq(subscriptions.userId, users.id), eq(subscriptions.product, users.product)))
    .where(and(eq(users.product, soldProduct), customerMatching(db, query)))
    .orderBy(asc(users.email), asc(users.createdAt))
    .limit(25);
}

/** `userId` must be a UUID: PostgreSQL fails on anything else in the uuid column. */
export async function findCustomer(db: Database | Transaction, userId: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.product, soldProduct)));
  return user;
}

/**
 * What the parent's page shows beside the parent: answers in quiz order, the subscription, the
 * orders, and the latest 200 ledger entries, emails and cancellations, newest first.
 */
export async function findCustomerRecords(db: Database | Transaction, userId: string) {
  const answers = await db
    .select({ questionId: quizAnswers.questionId, answer: quizAnswers.answer })
    .from(quizAnswers)
    .where(eq(quizAnswers.userId, userId))
    .orderBy(asc(quizAnswers.position));
  const [subscription] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.product, soldProduct)));
  const charges = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt));
  const ledger = await db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId))
    .orderBy(desc(ledgerEntries.createdAt))
    .limit(200);
  const emails = await db
    .select({
      id: emailMessages.id,
      kind: emailMessages.kind,
      status: emailMessages.status,
      createdAt: emailMessages.createdAt,
      sentAt: emailMessages.sentAt,
    })
    .from(emailMessages)
    .where(eq(emailMessages.userId, userId))
    .orderBy(desc(emailMessages.createdAt))
    .limit(200);
  const cancellations = await db
    .select()
    .from(cancellationRequests)
    .where(eq(cancellationRequests.userId, userId))
    .orderBy(desc(cancellationRequests.receivedAt))
    .limit(200);
  return { answers, subscription, charges, ledger, emails, cancellations };
}

export async function findCustomerOrder(db: Database | Transaction, input: { userId: string; orderId: string }) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderId, input.orderId), eq(orders.userId, input.userId)));
  return order;
}

/** The parent's manual access, locked until the transaction ends. */
export async function lockCustomerManualAccess(tx: Transaction, userId: string) {
  const [user] = await tx
    .select({ isManualAccess: users.isManualAccess })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.product, soldProduct)))
    .for("update");
  return user;
}

export async function updateManualAccess(
  db: Database | Transaction,
  input: { userId: string; granted: boolean; now: Date },
): Promise<void> {
  await db.update(users).set({ isManualAccess: input.granted, updatedAt: input.now }).where(eq(users.id, input.userId));
}

export async function findCustomerEmail(db: Database | Transaction, userId: string) {
  const [user] = await db
    .select({ email: users.email, erasedAt: users.erasedAt })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.product, soldProduct)));
  return user;
}
