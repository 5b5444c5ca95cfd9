import { randomBytes, randomUUID } from "node:crypto";
import type { Database } from "@kinderready/db/open-db";
import type { SolidgateOrderResponse } from "@kinderready/domain/payments/solidgate-protocol";
import { signBody, verifySignature } from "@kinderready/domain/payments/solidgate-protocol";
import { type CardOutcome, cardOutcome } from "@kinderready/domain/payments/test-cards";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { paymentPageRoutes } from "./payment-page.ts";
import { gatewaySimulatorCards, gatewaySimulatorOrders, gatewaySimulatorPages } from "./simulator-schema.ts";

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

type OrderRow = typeof gatewaySimulatorOrders.$inferSelect;

/**
 * Text the simulator keeps (in text and jsonb columns): no NUL and no unpaired surrogate, which
 * PostgreSQL refuses with an error rather than storing.
 */
const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine(
      (value) => !value.includes("\u0000") && value.isWellFormed(),
      "must be text without NUL or lone surrogates",
    );
const orderId = text(255).min(1);
const amount = z.number().int().positive().max(2_147_483_647);
const currency = z.string().regex(/^[A-Z]{3}$/);
const returnUrl = text(2048).pipe(z.url());

/** The merchant's order on the Payment Page API's /init. */
export const pageOrder = z.object({
  order_id: orderId,
  amount,
  currency,
  order_description: text(255),
  customer_email: text(254).pipe(z.email()),
  language: text(8).optional(),
  success_url: returnUrl,
  fail_url: returnUrl,
});
export type PageOrder = z.infer<typeof pageOrder>;
const initBody = z.object({ order: pageOrder, page_customization: z.record(z.string(), z.unknown()).optional() });
const pageLifetimeMs = 24 * 60 * 60 * 1000;

const recurringBody = z.object({
  order_id: orderId,
  amount,
  currency,
  order_description: text(255).optional(),
  recurring_token: text(255).min(1),
});
const statusBody = z.object({ order_id: orderId });
const refundBody = z.object({
  order_id: orderId,
  amount,
  refund_reason_code: text(64).optional(),
});

const fail = (reply: FastifyReply, status: number, code: string, message: string) =>
  reply.status(status).send({ error: { code, messages: [message] } });

/** Solidgate's answer to a body its schema refuses, naming the first field at fault (`body` for the whole). */
const invalidData = (reply: FastifyReply, error: z.ZodError) =>
  fail(reply, 422, "2.01", `Invalid data: ${error.issues[0]?.path.join(".") || "body"}`);

/** The simulator's hosted form calls this once it has the card: the token later charges use. */
export async function issueCardToken(db: Database, cardNumber: string): Promise<string> {
  const token = `sim_tok_${randomBytes(16).toString("hex")}`;
  await db.insert(gatewaySimulatorCards).values({ token, cardNumber: cardNumber.replace(/[\s-]/g, "") });
  return token;
}

/** The simulated PayPal wallet always pays; cards follow the test-card table. */
const outcomeOf = (card: string): CardOutcome => (card === "paypal" ? { kind: "approved" } : cardOutcome(card));

/** What a card (or the PayPal wallet) does on a charge: its final status and decline code. */
function finalOf(outcome: CardOutcome, merchantInitiated: boolean): [string | null, string | null] {
  if (outcome.kind === "approved") return ["approved", null];
  if (outcome.kind === "approved-then-declined")
    return merchantInitiated ? ["declined", outcome.code] : ["approved", null];
  if (outcome.kind === "declined") return ["declined", outcome.code];
  // Never final on merchant-initiated charges; the first payment goes through so there is a card to charge.
  return merchantInitiated ? [null, null] : ["approved", null];
}

/**
 * The simulator: the card-payment API under `/api/v1` (signed requests) and its hosted payment
 * pages under `/pay/` (for browsers). Orders settle after `settleMs`; every change is posted
 * to the merchant's webhook.
 */
export async function simulatorPlugin(app: FastifyInstance, options: SimulatorOptions): Promise<void> {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const settleMs = options.settleMs ?? 300;

  /** Settles a processing order whose time has come, then answers it in Solidgate's shape. */
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
    return {
      order: {
        order_id: current.orderId,
        status: current.status,
        amount: current.amount,
        currency: current.currency,
      },
      ...(current.cardToken && {
        transactions: {
          [`${current.orderId}-1`]: { status: current.status, card: { card_token: { token: current.cardToken } } },
        },
      }),
      ...(current.status === "declined" && current.errorCode && { error: { code: current.errorCode } }),
    };
  }

  /** Posts an order update to the merchant, retrying a few times as a gateway does. */
  function notify(answer: SolidgateOrderResponse, attempt = 0) {
    const { webhook } = options;
    if (!webhook) return;
    const body = JSON.stringify(answer);
    const retry = () => {
      if (attempt < 4) setTimeout(() => notify(answer, attempt + 1), 1000 * 2 ** attempt).unref();
    };
    fetch(webhook.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        merchant: webhook.publicKey,
        signature: signBody(webhook.publicKey, webhook.secretKey, body),
        "solidgate-event-id": randomUUID(),
        "solidgate-event-type": "card_gate.order.updated",
        "solidgate-event-created-at": now().toISOString(),
      },
      body,
      signal: AbortSignal.timeout(10_000),
    }).then(
      (response) => {
        if (!response.ok) retry();
      },
      (error: unknown) => {
        options.log?.("simulator webhook failed", { orderId: answer.order.order_id, error: String(error) });
        retry();
      },
    );
  }

  /** Creates an order in processing, tells the merchant, and settles it when its time comes. */
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

  // Pending settlements die with the server, as they would with a gateway that went away.
  const settling = new Set<NodeJS.Timeout>();
  app.addHook("onClose", async () => {
    for (const timer of settling) clearTimeout(timer);
  });

  await app.register(
    (pages) =>
      paymentPageRoutes(pages, {
        db,
        now,
        pay: async (page, card) => {
          const token = await issueCardToken(db, card);
          const [finalStatus, errorCode] = finalOf(outcomeOf(card), false);
          await openOrder({
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
        },
      }),
    { prefix: "/pay" },
  );
  await app.register((api) => apiRoutes(api), { prefix: "/api/v1" });

  async function apiRoutes(api: FastifyInstance) {
    // Signatures cover the exact bytes, so the body is kept as text until it is verified.
    api.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => done(null, body));
    api.addHook("preHandler", async (request, reply) => {
      const body = typeof request.body === "string" ? request.body : "";
      const merchant = String(request.headers.merchant ?? "");
      const signature = String(request.headers.signature ?? "");
      if (merchant !== options.publicKey || !verifySignature(options.publicKey, options.secretKey, body, signature)) {
        return fail(reply, 401, "1.01", "Authentication failed");
      }
      try {
        request.body = JSON.parse(body);
      } catch {
        return fail(reply, 400, "2.01", "Invalid data: body");
      }
    });

    api.post("/recurring", async (request, reply) => {
      const input = recurringBody.safeParse(request.body);
      if (!input.success) return invalidData(reply, input.error);
      const [card] = await db
        .select()
        .from(gatewaySimulatorCards)
        .where(eq(gatewaySimulatorCards.token, input.data.recurring_token));
      if (!card) return fail(reply, 422, "5.02", "Invalid token");
      // Merchant-initiated charges: the renewal-failure card declines with insufficient funds.
      const [finalStatus, errorCode] = finalOf(outcomeOf(card.cardNumber), true);
      const order = await openOrder({
        orderId: input.data.order_id,
        merchant: options.publicKey,
        kind: "recurring",
        status: "processing",
        finalStatus,
        errorCode,
        amount: input.data.amount,
        currency: input.data.currency,
        description: input.data.order_description ?? null,
        cardToken: card.token,
      });
      // Solidgate has no idempotency key: the order id is the key, and a reused one is refused.
      if (!order) return fail(reply, 422, "5.06", "Duplicate order");
      return present(order);
    });

    // The Payment Page API: a hosted page for one order, valid for 24 hours.
    api.post("/init", async (request, reply) => {
      const input = initBody.safeParse(request.body);
      if (!input.success) return invalidData(reply, input.error);
      const guid = randomBytes(16).toString("hex");
      await db.insert(gatewaySimulatorPages).values({
        guid,
        merchant: options.publicKey,
        orderId: input.data.order.order_id,
        order: input.data.order,
        expiresAt: new Date(now().getTime() + pageLifetimeMs),
      });
      return { url: `${options.publicUrl}/pay/${guid}`, guid };
    });

    api.post("/status", async (request, reply) => {
      const input = statusBody.safeParse(request.body);
      if (!input.success) return invalidData(reply, input.error);
      const [order] = await db
        .select()
        .from(gatewaySimulatorOrders)
        .where(eq(gatewaySimulatorOrders.orderId, input.data.order_id));
      if (!order) return fail(reply, 404, "2.05", "Order not found");
      return present(order);
    });

    api.post("/refund", async (request, reply) => {
      const input = refundBody.safeParse(request.body);
      if (!input.success) return invalidData(reply, input.error);
      const [found] = await db
        .select()
        .from(gatewaySimulatorOrders)
        .where(eq(gatewaySimulatorOrders.orderId, input.data.order_id));
      if (!found) return fail(reply, 404, "2.05", "Order not found");
      await present(found); // settles a processing order that is due
      // One conditional update: two refunds at once cannot both pass the check (as at Solidgate).
      // Added up in bigint: two amounts near the integer column's limit must be refused, not overflow.
      const refundedAmount = sql`${gatewaySimulatorOrders.refundedAmount}::bigint + ${input.data.amount}`;
      const [updated] = await db
        .update(gatewaySimulatorOrders)
        .set({
          refundedAmount,
          status: sql`case when ${refundedAmount} = ${gatewaySimulatorOrders.amount} then 'refunded' else ${gatewaySimulatorOrders.status} end`,
          updatedAt: now(),
        })
        .where(
          and(
            eq(gatewaySimulatorOrders.orderId, found.orderId),
            inArray(gatewaySimulatorOrders.status, ["approved", "settle_ok"]),
            sql`${refundedAmount} <= ${gatewaySimulatorOrders.amount}`,
          ),
        )
        .returning();
      if (!updated) return fail(reply, 422, "0.03", "Illegal operation");
      return present(updated);
    });
  }
}
