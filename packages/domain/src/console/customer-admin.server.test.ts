import type { DbHandle } from "@kinderready/db/open-db";
import { auditLog, conversionEvents, emailMessages, ledgerEntries, subscriptions, users } from "@kinderready/db/schema";
import { testDatabases } from "@kinderready/db/test/test-databases";
import { issueCardToken } from "@kinderready/gateway-simulator/simulator-plugin";
import { gatewaySimulatorOrders } from "@kinderready/gateway-simulator/simulator-schema";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type BillingTestbed, openBillingTestbed } from "../../test/billing-testbed.server.ts";
import { seededPlan } from "../../test/price-plans.ts";
import { insertTestParent } from "../../test/test-data.server.ts";
import { chargeStoredCard, ensureOrder, type PaymentDeps } from "../payments/orders.server.ts";
import {
  cancelSubscriptionByOperator,
  customerTarget,
  findCustomers,
  getCustomer,
  refundCancelsByDefault,
  refundCustomerCharge,
  refundCustomerOrder,
  resendCustomerAccessLink,
  setManualAccess,
} from "./customer-admin.server.ts";
import { createOperator } from "./operator-accounts.server.ts";

// Customer support from the console, against the simulator over loopback HTTP: refunds go
// through the gateway's /refund, once, within the 30-day policy; every action is audited.

const day = 86_400_000;
let clock = new Date("2026-11-22T10:00:00Z");

describe.each(testDatabases())("customer support on $name", (target) => {
  let database: DbHandle;
  let testbed: BillingTestbed;
  let deps: PaymentDeps;
  let operatorId = "";
  // The email job queue: sending itself is the email worker's business, tested with it.
  const emails = { send: async () => "job" };

  beforeAll(async () => {
    testbed = await openBillingTestbed(target, () => clock);
    ({ database, payments: deps } = testbed);
    operatorId = (
      await createOperator(database, {
        email: `support-${target.name}@example.com`,
        password: "a long passphrase",
        createdBy: null,
      })
    ).id;
  }, 60_000);
  afterAll(async () => {
    await testbed.close();
  });
  beforeEach(() => {
    clock = new Date("2026-11-22T10:00:00Z");
  });

  const plan = (kind: string) => seededPlan(database.db, kind);

  /** A subscriber (first payment taken at the gateway, trial running) who then bought the add-on packs on the stored card. */
  async function customerWithUpsell() {
    const user = await insertTestParent(database.db);
    const trial = await plan("subscription");
    const first = await ensureOrder(database, {
      userId: user.id,
      purpose: "subscription",
      idempotencyKey: "subscription:first",
      plan: trial,
      amount: trial.amount,
      gatewayName: "simulator",
    });
    const cardToken = await issueCardToken(database.db, "4067429974719265");
    // Paid at the gateway, so the console can refund it there.
    expect((await chargeStoredCard(deps, first, { cardToken, description: "Trial" })).status).toBe("approved");
    const packs = await plan("upsale");
    const order = await ensureOrder(database, {
      userId: user.id,
      purpose: "upsale",
      idempotencyKey: "upsell:0",
      plan: packs,
      amount: packs.amount,
      gatewayName: "simulator",
    });
    const charged = await chargeStoredCard(deps, order, { cardToken, description: "Add-on packs" });
    expect(charged.status).toBe("approved");
    return { user, order: charged, first };
  }

  const auditOf = async (userId: string) =>
    (
      await database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, customerTarget(userId)))
    ).map((entry) => entry.action);

  it("finds a parent by the start of their email, their token or an order id", async () => {
    const { user, order } = await customerWithUpsell();
    // Emails are stored as the quiz normalised them: lower case.
    const email = `Parent.${user.id.slice(0, 8)}@Example.com`;
    await database.db.update(users).set({ email: email.toLowerCase() }).where(eq(users.id, user.id));
    for (const query of [email.slice(0, 12), email, user.token, order.orderId, user.id]) {
      const found = await findCustomers(database, { query });
      expect(
        found.map((match) => match.id),
        query,
      ).toContain(user.id);
    }
    expect(await findCustomers(database, { query: "%@" })).toEqual([]);
  });

  it("refunds a charge through the gateway once, however often it is asked, and audits it", async () => {
    const { user, order } = await customerWithUpsell();
    const refunds = await Promise.allSettled(
      Array.from({ length: 3 }, () =>
        refundCustomerCharge(deps, { operatorId, userId: user.id, orderId: order.orderId }),
      ),
    );
    expect(refunds.map((result) => result.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
    const again = await refundCustomerCharge(deps, { operatorId, userId: user.id, orderId: order.orderId });
    expect(again).toMatchObject({ refundedNow: false, order: { status: "refunded" } });

    const [atGateway] = await database.db
      .select()
      .from(gatewaySimulatorOrders)
      .where(eq(gatewaySimulatorOrders.orderId, order.orderId));
    expect(atGateway).toMatchObject({ status: "refunded", refundedAmount: order.amount });
    const refundsBooked = await database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, order.orderId), eq(ledgerEntries.type, "refund")));
    expect(refundsBooked).toHaveLength(1);
    expect(refundsBooked[0]?.amount).toBe(-order.amount);
    expect(await auditOf(user.id)).toEqual(["customer.refund"]);

    const detail = await getCustomer(database, { userId: user.id, now: clock });
    expect(detail?.charges.find((charge) => charge.orderId === order.orderId)).toMatchObject({
      status: "refunded",
      refundableUntil: null,
    });
  });

  it("refuses a refund after the 30-day policy, and of a charge that is not this parent's", async () => {
    const { user, order } = await customerWithUpsell();
    const other = await insertTestParent(database.db);
    await expect(
      refundCustomerCharge(deps, { operatorId, userId: other.id, orderId: order.orderId }),
    ).rejects.toMatchObject({ code: "not-found", field: "orderId" });
    clock = new Date(clock.getTime() + 31 * day);
    await expect(
      refundCustomerCharge(deps, { operatorId, userId: user.id, orderId: order.orderId }),
    ).rejects.toMatchObject({ code: "conflict", messageKey: "customers.errors.outsidePolicy" });
    const detail = await getCustomer(database, { userId: user.id, now: clock });
    expect(detail?.charges.every((charge) => charge.refundableUntil === null)).toBe(true);
    expect(await auditOf(user.id)).toEqual([]);
  });

  const subscriptionOf = async (userId: string) =>
    (await database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0] ?? null;

  it("offers to cancel with the refund of a subscription charge while it renews, not with an add-on's", async () => {
    const { user, order, first } = await customerWithUpsell();
    const subscription = await subscriptionOf(user.id);
    expect(subscription?.status).toBe("trialing");
    expect(refundCancelsByDefault(first, subscription)).toBe(true);
    expect(refundCancelsByDefault({ purpose: "renewal" }, subscription)).toBe(true);
    expect(refundCancelsByDefault(order, subscription)).toBe(false);
    expect(refundCancelsByDefault(first, null)).toBe(false);
    expect(
      refundCancelsByDefault(first, { ...(subscription as NonNullable<typeof subscription>), status: "cancelled" }),
    ).toBe(false);
  });

  it("refunds the first payment and cancels the trial in one action, both audited", async () => {
    const { user, first } = await customerWithUpsell();
    const outcome = await refundCustomerOrder(deps, {
      operatorId,
      userId: user.id,
      orderId: first.orderId,
      cancelSubscription: true,
    });
    expect(outcome).toMatchObject({ refundedNow: true, cancel: "cancelled", order: { status: "refunded" } });
    // No renewal left to charge the card days after the money went back.
    expect(await subscriptionOf(user.id)).toMatchObject({ status: "cancelled", cancelReason: "other" });
    expect(await auditOf(user.id)).toEqual(["customer.refund", "customer.cancel"]);
    const [cancelEntry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, customerTarget(user.id)), eq(auditLog.action, "customer.cancel")));
    expect(cancelEntry?.details).toMatchObject({ refundedOrderId: first.orderId });
    // Asked again (a second click, a moment later): the refund stands and there is nothing left to cancel.
    clock = new Date(clock.getTime() + 1000);
    const again = await refundCustomerOrder(deps, {
      operatorId,
      userId: user.id,
      orderId: first.orderId,
      cancelSubscription: true,
    });
    expect(again).toMatchObject({ refundedNow: false, cancel: "nothing-to-cancel" });
  });

  it("refunds without cancelling when the box is cleared", async () => {
    const { user, first } = await customerWithUpsell();
    const outcome = await refundCustomerOrder(deps, {
      operatorId,
      userId: user.id,
      orderId: first.orderId,
      cancelSubscription: false,
    });
    expect(outcome).toMatchObject({ refundedNow: true, cancel: "not-asked" });
    expect((await subscriptionOf(user.id))?.status).toBe("trialing");
    expect(await auditOf(user.id)).toEqual(["customer.refund"]);
  });

  it("cancels nothing when the refund is refused", async () => {
    const { user, first } = await customerWithUpsell();
    clock = new Date(clock.getTime() + 31 * day);
    await expect(
      refundCustomerOrder(deps, { operatorId, userId: user.id, orderId: first.orderId, cancelSubscription: true }),
    ).rejects.toMatchObject({ messageKey: "customers.errors.outsidePolicy" });
    expect((await subscriptionOf(user.id))?.cancelledAt).toBeNull();
    expect(await auditOf(user.id)).toEqual([]);
  });

  it("answers a cancel that failed after the refund went through, with the refund standing", async () => {
    const { user, first } = await customerWithUpsell();
    // The database refuses this parent's subscription change, as an outage mid-action would.
    const trigger = `refuse_${user.id.replaceAll("-", "")}`;
    await database.db.execute(
      sql.raw(`create function ${trigger}() returns trigger language plpgsql as $$ begin
        if new.user_id = '${user.id}' then raise exception 'subscriptions unavailable'; end if; return new; end $$`),
    );
    await database.db.execute(
      sql.raw(`create trigger ${trigger} before update on subscriptions for each row execute function ${trigger}()`),
    );
    try {
      const outcome = await refundCustomerOrder(deps, {
        operatorId,
        userId: user.id,
        orderId: first.orderId,
        cancelSubscription: true,
      });
      expect(outcome).toMatchObject({ refundedNow: true, cancel: "failed", order: { status: "refunded" } });
      expect(outcome.cancelError).toBeInstanceOf(Error);
    } finally {
      await database.db.execute(sql.raw(`drop trigger ${trigger} on subscriptions`));
      await database.db.execute(sql.raw(`drop function ${trigger}()`));
    }
    expect((await subscriptionOf(user.id))?.status).toBe("trialing");
    expect(await auditOf(user.id)).toEqual(["customer.refund"]);
  });

  it("records a refunded purchase as a refund conversion, once, for the forwarding job", async () => {
    const { user, first } = await customerWithUpsell();
    await refundCustomerOrder(deps, { operatorId, userId: user.id, orderId: first.orderId, cancelSubscription: false });
    await refundCustomerOrder(deps, { operatorId, userId: user.id, orderId: first.orderId, cancelSubscription: false });
    const rows = await database.db.select().from(conversionEvents).where(eq(conversionEvents.orderId, first.orderId));
    expect(rows.map((row) => [row.event, row.amount, row.currency]).sort()).toEqual([
      ["refund", first.amount, "USD"],
      ["subscription", first.amount, "USD"],
    ]);
  });

  it("cancels renewals, grants and revokes manual access, and sends a sign-in link, each audited", async () => {
    const { user } = await customerWithUpsell();
    const cancelled = await cancelSubscriptionByOperator(database, {
      operatorId,
      userId: user.id,
      reason: "unable_to_get_content",
      now: clock,
    });
    expect(cancelled.subscription).toMatchObject({ status: "cancelled", cancelReason: "unable_to_get_content" });
    expect(cancelled.confirmationId).toBeDefined();
    await expect(
      cancelSubscriptionByOperator(database, {
        operatorId,
        userId: user.id,
        reason: "other",
        now: new Date(clock.getTime() + 1000),
      }),
    ).rejects.toMatchObject({ code: "nothing-to-cancel" });

    await setManualAccess(database, {
      operatorId,
      userId: user.id,
      granted: true,
      now: clock,
    });
    await setManualAccess(database, {
      operatorId,
      userId: user.id,
      granted: true,
      now: clock,
    });
    const [granted] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(granted?.isManualAccess).toBe(true);
    await setManualAccess(database, {
      operatorId,
      userId: user.id,
      granted: false,
      now: clock,
    });

    await resendCustomerAccessLink({ db: database.db, emails, now: () => clock }, { operatorId, userId: user.id });
    const messages = await database.db.select().from(emailMessages).where(eq(emailMessages.userId, user.id));
    expect(messages.some((message) => message.kind.startsWith("access-link"))).toBe(true);

    expect(await auditOf(user.id)).toEqual([
      "customer.cancel",
      "customer.grant_access",
      "customer.revoke_access",
      "customer.access_link",
    ]);
    const detail = await getCustomer(database, { userId: user.id, now: clock });
    expect(detail?.audit[0]).toMatchObject({
      action: "customer.access_link",
      operator: `support-${target.name}@example.com`,
    });
  });

  it("answers a change for an id that is not a UUID as no such parent, and changes nothing", async () => {
    const before = await database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    for (const userId of ["1", "not-a-uuid", "a".repeat(300), "\u0000", "é", "00000000-0000-0000-0000-00000000000g"]) {
      const by = { operatorId, userId };
      const changes = [
        refundCustomerOrder(deps, { ...by, orderId: "x", cancelSubscription: true }),
        cancelSubscriptionByOperator(database, { ...by, reason: "other", now: clock }),
        setManualAccess(database, { ...by, granted: true, now: clock }),
        resendCustomerAccessLink({ db: database.db, emails, now: () => clock }, by),
      ];
      for (const change of changes) {
        await expect(change, userId).rejects.toMatchObject({ code: "not-found", field: "userId" });
      }
    }
    expect(await database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog)).toEqual(before);
  });
});
