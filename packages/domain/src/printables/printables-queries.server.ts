import type { Database, Transaction } from "@kinderready/db/open-db";
import { entitlements, orders, printableProgress, subscriptions, users } from "@kinderready/db/schema";
import type { Paper } from "@kinderready/kit/render.server";
import { and, count, eq, isNull } from "drizzle-orm";
import { soldProduct } from "../product.ts";
import { upsellKind } from "../upsell-wire.ts";
import type { ItemMark } from "./week-plan.ts";

// The printables area's reads and writes (printables.server.ts says what a parent may open): the
// parent and what they paid for, their marks on the items, and the paper they print on.

/** The parent of the product sold, by token or id, with what the area shows of them; never an erased one. */
export async function findPrintablesParent(db: Database | Transaction, where: { token: string } | { userId: string }) {
  const [user] = await db
    .select({
      id: users.id,
      kidName: users.kidName,
      kidAge: users.kidAge,
      countryCode: users.countryCode,
      paper: users.paper,
      topics: users.topics,
      isManualAccess: users.isManualAccess,
    })
    .from(users)
    .where(
      and(
        eq(users.product, soldProduct),
        "token" in where ? eq(users.token, where.token) : eq(users.id, where.userId),
        // An erased parent's row stays for accounting; its download links (signed with the row's
        // id, alive for a day) must open nothing, even while a cancelled period runs on.
        isNull(users.erasedAt),
      ),
    )
    .limit(1);
  return user;
}

/** The parent's subscription to the product sold, as far as access to the kit depends on it. */
export async function findKitSubscription(db: Database | Transaction, userId: string) {
  const [subscription] = await db
    .select({
      status: subscriptions.status,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAt: subscriptions.cancelAt,
      pauseFrom: subscriptions.pauseFrom,
      periodDays: subscriptions.periodDays,
    })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.product, soldProduct)));
  return subscription;
}

/** The parent's entitlements to the add-on packs. */
export async function listPackEntitlements(db: Database | Transaction, userId: string): Promise<{ kind: string }[]> {
  return db
    .select({ kind: entitlements.kind })
    .from(entitlements)
    .where(and(eq(entitlements.userId, userId), eq(entitlements.kind, upsellKind)));
}

/** Monthly payments kept: a renewal refunded gives its book back. */
export async function countPaidRenewals(db: Database | Transaction, userId: string): Promise<number> {
  const [renewals] = await db
    .select({ paid: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.purpose, "renewal"), eq(orders.status, "approved")));
  return renewals?.paid ?? 0;
}

/** The parent's marks on the items, as stored. */
export async function listItemMarks(
  db: Database | Transaction,
  userId: string,
): Promise<{ itemId: string; mark: string }[]> {
  return db
    .select({ itemId: printableProgress.itemId, mark: printableProgress.mark })
    .from(printableProgress)
    .where(eq(printableProgress.userId, userId));
}

/** Sets the paper of the parent of the product sold this token names; answers the rows changed. */
export async function updateParentPaper(
  db: Database | Transaction,
  input: { userToken: string; paper: Paper; now: Date },
): Promise<{ id: string }[]> {
  return db
    .update(users)
    .set({ paper: input.paper, updatedAt: input.now })
    .where(and(eq(users.product, soldProduct), eq(users.token, input.userToken)))
    .returning({ id: users.id });
}

/** Marks an item, replacing the parent's earlier mark on it. */
export async function upsertItemMark(
  db: Database | Transaction,
  input: { userId: string; itemId: string; mark: ItemMark; now: Date },
): Promise<void> {
  await db
    .insert(printableProgress)
    .values({ userId: input.userId, itemId: input.itemId, mark: input.mark })
    .onConflictDoUpdate({
      target: [printableProgress.userId, printableProgress.itemId],
      set: { mark: input.mark, completedAt: input.now },
    });
}

export async function deleteItemMark(db: Database | Transaction, input: { userId: string; itemId: string }) {
  await db
    .delete(printableProgress)
    .where(and(eq(printableProgress.userId, input.userId), eq(printableProgress.itemId, input.itemId)));
}

/** The child's name of a parent not erased (undefined for nobody, or an erased parent). */
export async function findChildName(
  db: Database | Transaction,
  userId: string,
): Promise<{ kidName: string | null } | undefined> {
  const [parent] = await db
    .select({ kidName: users.kidName })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.erasedAt)));
  return parent;
}
