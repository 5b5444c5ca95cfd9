import { randomBytes } from "node:crypto";
import type { Database } from "@kinderready/db/open-db";
import type { FastifyInstance } from "fastify";
import { orderWebhook } from "./order-webhook.ts";
import { type PaymentPageOptions, paymentPageRoutes } from "./payment-page.ts";
import { simulatorApiRoutes } from "./simulator-api.ts";
import { chargeOutcome, createOrderBook, type OrderBook } from "./simulator-orders.ts";
import { gatewaySimulatorCards } from "./simulator-schema.ts";

/**
 * A local payment gateway that speaks Solidgate's API v1: the same signed requests, order
 * statuses and error codes, with outcomes decided by the test-card table. It runs inside the
 * product's process by default and keeps its own tables, as a separate company would.
 */
export type SimulatorOptions = {
  db: Database;
  publicKey: string;
  secretKey: string;
  /** Where the simulator is reached from a browser: its hosted pages live under `/pay/`. */
  publicUrl: string;
  /** Where order updates are posted, signed with the separate webhook key pair. */
  webhook?: { url: string; publicKey: string; secretKey: string } | undefined;
  /** How long an order stays processing before it settles. */
  settleMs?: number;
  now?: () => Date;
  log?: (message: string, details: object) => void;
};

/** The simulator's hosted form calls this once it has the card: the token later charges use. */
export async function issueCardToken(db: Database, cardNumber: string): Promise<string> {
  const token = `sim_tok_${randomBytes(16).toString("hex")}`;
  await db.insert(gatewaySimulatorCards).values({ token, cardNumber: cardNumber.replace(/[\s-]/g, "") });
  return token;
}

/**
 * The simulator: the card-payment API under `/api/v1` (signed requests) and its hosted payment
 * pages under `/pay/` (for browsers). Orders settle after `settleMs`; every change is posted
 * to the merchant's webhook.
 */
export async function simulatorPlugin(app: FastifyInstance, options: SimulatorOptions): Promise<void> {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const orders = createOrderBook(options, {
    now,
    settleMs: options.settleMs ?? 300,
    notify: orderWebhook(options, now),
  });
  app.addHook("onClose", async () => orders.stopSettling());
  await app.register((pages) => paymentPageRoutes(pages, { db, now, pay: payHostedPage(db, orders) }), {
    prefix: "/pay",
  });
  await app.register((api) => simulatorApiRoutes(api, { options, orders, now }), { prefix: "/api/v1" });
}

/** A hosted page's payment: the card kept for later charges, and the page's order opened with its outcome. */
function payHostedPage(db: Database, orders: OrderBook): PaymentPageOptions["pay"] {
  return async (page, card) => {
    const token = await issueCardToken(db, card);
    const [finalStatus, errorCode] = chargeOutcome(card, false);
    await orders.openOrder({
      orderId: page.orderId,
      merchant: page.merchant,
      kind: "payment-page",
      status: "processing",
      finalStatus,
      errorCode,
      amount: page.order.amount,
      currency: page.order.currency,
      description: page.order.order_description,
      cardToken: token,
    });
    // A page paid twice (a double submit, the back button) charges once.
    return finalStatus === "declined" ? "fail" : "success";
  };
}
