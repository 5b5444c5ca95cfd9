import type { Database } from "@kinderready/db/open-db";
import { emailMessages, ledgerEntries, orders, reviews } from "@kinderready/db/schema";
import { type AnyColumn, and, eq, or, type SQL, sql } from "drizzle-orm";
import { type EmailClass, type EmailKindId, emailClassOf, emailKindIds } from "../email/email-kinds.ts";
import type { ReportDays } from "./report-filters.ts";
import { inDays } from "./revenue-report-queries.server.ts";

/**
 * What an email is there to bring about, counted when the parent did it within a week of its
 * sending: a purchase (a subscription, or one renewed after it ended), a charge that went
 * through (the renewal after a notice, or the one that had failed), a cancellation taken back, a
 * review written. Kinds with nothing to bring about (a receipt, a sign-in link) have none.
 */
export const emailOutcomes = {
  welcome: "purchase",
  "checkout-abandoned": "purchase",
  "win-back": "purchase",
  "trial-ending": "charged",
  "renewal-upcoming": "charged",
  "pause-ending": "charged",
  "payment-failed": "charged",
  "cancellation-confirmed": "kept",
  "review-request": "review",
} as const satisfies Partial<Record<EmailKindId, string>>;
export type EmailOutcome = (typeof emailOutcomes)[keyof typeof emailOutcomes];

/** How long after an email what the parent did counts as following it. */
const followWindow = sql`interval '7 days'`;

const within = (at: AnyColumn) =>
  sql`${at} >= ${emailMessages.sentAt} and ${at} < ${emailMessages.sentAt} + ${followWindow}`;

/** Whether the parent a sent email went to did what it is there for, within the window. */
const followedBy: Record<EmailOutcome, SQL> = {
  purchase: sql`exists (select 1 from ${orders} where ${orders.userId} = ${emailMessages.userId}
    and ${orders.status} = 'approved' and ${orders.purpose} in ('subscription', 'reactivation')
    and ${within(orders.fulfilledAt)})`,
  charged: sql`exists (select 1 from ${orders} where ${orders.userId} = ${emailMessages.userId}
    and ${orders.status} = 'approved' and ${orders.purpose} in ('renewal', 'reactivation')
    and ${within(orders.fulfilledAt)})`,
  kept: sql`exists (select 1 from ${ledgerEntries} where ${ledgerEntries.userId} = ${emailMessages.userId}
    and ${ledgerEntries.type} = 'state_change' and ${ledgerEntries.details}->>'restored' = 'true'
    and ${within(ledgerEntries.createdAt)})`,
  review: sql`exists (select 1 from ${reviews} where ${reviews.userId} = ${emailMessages.userId}
    and ${within(reviews.createdAt)})`,
};

/**
 * Every kind of email by its id, with what became of the ones written in a range of UTC days:
 * sent, failed (given up after its retries), skipped (no longer true when its turn came, or the
 * parent stopped allowing marketing mail) and still queued; how many of those sent had a link
 * followed (links are counted per message; there is no tracking pixel); and, for a kind that is
 * there to bring something about, how many were followed by it. Every kind has a row.
 */
export type EmailKindRow = {
  id: EmailKindId;
  class: EmailClass;
  written: number;
  sent: number;
  failed: number;
  skipped: number;
  queued: number;
  clicked: number;
  /** What the kind is there for; null for a kind with nothing to bring about. */
  outcome: EmailOutcome | null;
  /** Sent emails of the kind followed by their outcome within a week. */
  followed: number;
};

const kindId = sql<string>`split_part(${emailMessages.kind}, ':', 1)`;

/** A sent email whose parent did, within the window, what its kind is there for. */
const followedByItsOutcome = or(
  ...Object.entries(emailOutcomes).map(([id, outcome]) => and(eq(kindId, id), followedBy[outcome])),
);

const statusCount = (status: string): SQL<number> =>
  sql<number>`count(*) filter (where ${emailMessages.status} = ${status})`.mapWith(Number);

export async function getEmailReport(db: Database, days: ReportDays): Promise<EmailKindRow[]> {
  const rows = await db
    .select({
      id: kindId,
      written: sql<number>`count(*)`.mapWith(Number),
      sent: statusCount("sent"),
      failed: statusCount("failed"),
      skipped: statusCount("skipped"),
      queued: statusCount("queued"),
      clicked: sql<number>`count(*) filter (where ${emailMessages.firstClickedAt} is not null)`.mapWith(Number),
      followed:
        sql<number>`count(*) filter (where ${emailMessages.status} = 'sent' and (${followedByItsOutcome}))`.mapWith(
          Number,
        ),
    })
    .from(emailMessages)
    .where(inDays(emailMessages.createdAt, days))
    .groupBy(kindId);
  return emailKindIds.map((id) => {
    const found = rows.find((row) => row.id === id);
    const outcome: EmailOutcome | null = id in emailOutcomes ? emailOutcomes[id as keyof typeof emailOutcomes] : null;
    return {
      id,
      class: emailClassOf[id],
      written: found?.written ?? 0,
      sent: found?.sent ?? 0,
      failed: found?.failed ?? 0,
      skipped: found?.skipped ?? 0,
      queued: found?.queued ?? 0,
      clicked: found?.clicked ?? 0,
      outcome,
      followed: found?.followed ?? 0,
    };
  });
}
