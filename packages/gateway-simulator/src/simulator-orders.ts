import type { SolidgateOrderResponse } from "@kinderready/domain/payments/solidgate-protocol";
import { type CardOutcome, cardOutcome } from "@kinderready/domain/payments/test-cards";
import { eq } from "drizzle-orm";
import type { NotifyOrder } from "./order-webhook.ts";
import type { SimulatorOptions } from "./simulator-plugin.ts";
import { gatewaySimulatorOrders } from "./simulator-schema.ts";

export type OrderRow = typeof gatewaySimulatorOrders.$inferSelect;

export type OrderBook = {
  /** Settles a processing order whose time has come, then answers it in Solidgate's shape. */
  present: (order: OrderRow) => Promise<SolidgateOrderResponse>;
  /** Creates an order in processing, tells the merchant, and settles it when its time comes. */
  openOrder: (values: typeof gatewaySimulatorOrders.$inferInsert) => Promise<OrderRow | undefined>;
  /** Drops the settlements still pending. */
  stopSettling: () => void;
};

/** The simulated PayPal wallet always pays; cards follow the test-card table. */
const outcomeOf = (card: string): CardOutcome => (card === "paypal" ? { kind: "approved" } : cardOutcome(card));

/** What a card (or the PayPal wallet) does on a charge: its final status and decline code. */
export function chargeOutcome(card: string, merchantInitiated: boolean): [string | null, string | null] {
  const outcome = outcomeOf(card);
  if (outcome.kind === "approved") return ["approved", null];
  if (outcome.kind === "approved-then-declined")
    return merchantInitiated ? ["declined", outcome.code] : ["approved", null];
  if (outcome.kind === "declined") return ["declined", outcome.code];
  // Never final on merchant-initiated charges; the first payment goes through so there is a card to charge.
  return merchantInitiated ? [null, null] : ["approved", null];
}

/** The simulator's orders: each settles `settleMs` after it opens, and every change is posted to the merchant. */
export function createOrderBook(
  options: Pick<SimulatorOptions, "db" | "webhook" | "log">,
  { now, settleMs, notify }: { now: () => Date; settleMs: number; notify: NotifyOrder },
): OrderBook {
  const { db } = options;
  // Pending settlements die with the server, as they would with a gateway that went away.
  const settling = new Set<NodeJS.Timeout>();

  async function present(order: OrderRow): Promise<SolidgateOrderResponse> {
    let current = order;
    if (order.finalStatus && order.settlesAt && order.settlesAt <= now() && order.status === "processing") {
      const [settled] = await db
        .update(gatewaySimulatorOrders)
        .set({ status: order.finalStatus, updatedAt: now() })
        .where(eq(gatewaySimulatorOrders.orderId, order.orderId))
        .returning();
      current = settled ?? order;
    }
    return solidgateAnswer(current);
  }

  async function openOrder(values: typeof gatewaySimulatorOrders.$inferInsert): Promise<OrderRow | undefined> {
    const [order] = await db
      .insert(gatewaySimulatorOrders)
      .values({ ...values, status: "processing", settlesAt: new Date(now().getTime() + settleMs) })
      .onConflictDoNothing()
      .returning();
    if (!order) return undefined;
    notify(await present(order));
    // Without a webhook to push to, orders settle when they are next asked about.
    if (order.finalStatus && options.webhook) {
      const timer = setTimeout(() => {
        settling.delete(timer);
        settleAndNotify(order.orderId).catch((error: unknown) =>
          options.log?.("simulator settlement failed", { orderId: order.orderId, error: String(error) }),
        );
      }, settleMs + 10);
      settling.add(timer);
    }
    return order;
  }

  async function settleAndNotify(orderId: string) {
    const [current] = await db.select().from(gatewaySimulatorOrders).where(eq(gatewaySimulatorOrders.orderId, orderId));
    if (current?.status !== "processing") return;
    const answer = await present(current);
    if (answer.order.status !== "processing") notify(answer);
  }

  const stopSettling = () => {
    for (const timer of settling) clearTimeout(timer);
  };
  return { present, openOrder, stopSettling };
}

/** An order in Solidgate's shape: its card token once charged, its decline code once declined. */
function solidgateAnswer(order: OrderRow): SolidgateOrderResponse {
  return {
    order: {
      order_id: order.orderId,
      status: order.status,
      amount: order.amount,
      currency: order.currency,
    },
    ...(order.cardToken && {
      transactions: {
        [`${order.orderId}-1`]: { status: order.status, card: { card_token: { token: order.cardToken } } },
      },
    }),
    ...(order.status === "declined" && order.errorCode && { error: { code: order.errorCode } }),
  };
}
