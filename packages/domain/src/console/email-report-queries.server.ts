import type { Database, Transaction } from "@kinderready/db/open-db";
import { emailMessages, ledgerEntries, orders, reviews } from "@kinderready/db/schema";
import { type AnyColumn, and, eq, or, type SQL, sql } from "drizzle-orm";
import { type EmailOutcome, emailOutcomes } from "./email-outcomes.ts";
import type { ReportDays } from "./report-filters.ts";
import { inDays } from "./revenue-report-queries.server.ts";

// The emails written in a range of days, counted per kind in one query over email_messages,
// with whether the parent did what each was there for (email-outcomes.ts).

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

const kindId = sql<string>`split_part(${emailMessages.kind}, ':', 1)`;

/** A sent email whose parent did, within the window, what its kind is there for. */
const followedByItsOutcome = or(
  ...Object.entries(emailOutcomes).map(([id, outcome]) => and(eq(kindId, id), followedBy[outcome])),
);

const statusCount = (status: string): SQL<number> =>
  sql<number>`count(*) filter (where ${emailMessages.status} = ${status})`.mapWith(Number);

/** Per kind id written in the days: by status, clicked, and sent then followed by its outcome. */
export async function countEmailsByKind(db: Database | Transaction, days: ReportDays) {
  return db
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
}
