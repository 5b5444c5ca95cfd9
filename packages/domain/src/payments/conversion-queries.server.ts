import type { Database, Transaction } from "@kinderready/db/open-db";
import { conversionEvents, orders, users } from "@kinderready/db/schema";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { forwardingSubjectColumns } from "../consent/forwarding-subject-queries.server.ts";
import { upsellKind } from "../upsell-wire.ts";

// The conversions a settled purchase records for the ad platforms (a job forwards them). The
// rules of when are in subscription-billing.server.ts.

type Db = Database | Transaction;

/** The conversions that are purchases: the first payment and the upsells, named by the order's purpose. */
const purchaseEvents = ["subscription", upsellKind, "lifetime"];

/** The purchase conversion recorded for the order, if any. */
export async function findPurchaseConversion(db: Db, orderId: string): Promise<{ id: string } | undefined> {
  const [purchase] = await db
    .select({ id: conversionEvents.id })
    .from(conversionEvents)
    .where(and(eq(conversionEvents.orderId, orderId), inArray(conversionEvents.event, purchaseEvents)))
    .limit(1);
  return purchase;
}

/** Records a conversion once: the unique (event, order) index keeps a repeat from adding it. */
export async function insertConversion(db: Db, values: typeof conversionEvents.$inferInsert): Promise<void> {
  await db.insert(conversionEvents).values(values).onConflictDoNothing();
}

/** What the parent who placed the order allows to be shared with the platforms. */
export async function findOrderParentConsent(db: Db, orderId: string) {
  const [parent] = await db
    .select(forwardingSubjectColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.orderId, orderId));
  return parent;
}

/** Keeps the address and browser on the order's purchase conversion, unless it has them or is forwarded. */
export async function updateConversionClient(
  db: Db,
  input: { orderId: string; client: { ip: string; userAgent: string | null } },
): Promise<void> {
  await db
    .update(conversionEvents)
    .set({ clientIp: input.client.ip, userAgent: input.client.userAgent?.slice(0, 1000) ?? null })
    .where(
      and(
        eq(conversionEvents.orderId, input.orderId),
        inArray(conversionEvents.event, purchaseEvents),
        isNull(conversionEvents.clientIp),
        isNull(conversionEvents.forwardedAt),
      ),
    );
}
