import { randomBytes } from "node:crypto";
import type { Database } from "@kinderready/db/open-db";
import { gatewaySimulatorCards, gatewaySimulatorOrders } from "@kinderready/db/schema";
import type { SolidgateOrderResponse } from "@kinderready/domain/payments/solidgate-gateway.server";
import { verifySignature } from "@kinderready/domain/payments/solidgate-protocol";
import { cardOutcome } from "@kinderready/domain/payments/test-cards";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";

/**
 * A local payment gateway that speaks Solidgate's API v1: the same signed requests, order
 * statuses and error codes, with outcomes decided by the test-card table. It runs inside the
 * product's process by default and keeps its own tables, as a separate company would.
 */
export type SimulatorOptions = {
  db: Database;
  publicKey: string;
  secretKey: string;
  /** How long an order stays processing before it settles. */
  settleMs?: number;
  now?: () => Date;
};

type OrderRow = typeof gatewaySimulatorOrders.$inferSelect;

const recurringBody = z.object({
  order_id: z.string().min(1).max(255),
  amount: z.number().int().positive(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  order_description: z.string().max(255).optional(),
  recurring_token: z.string().min(1),
});
const statusBody = z.object({ order_id: z.string().min(1) });
const refundBody = z.object({
  order_id: z.string().min(1),
  amount: z.number().int().positive(),
  refund_reason_code: z.string().optional(),
});

const fail = (reply: FastifyReply, status: number, code: string, message: string) =>
  reply.status(status).send({ error: { code, messages: [message] } });

/** The simulator's hosted form calls this once it has the card: the token later charges use. */
export async function issueCardToken(db: Database, cardNumber: string): Promise<string> {
  const token = `sim_tok_${randomBytes(16).toString("hex")}`;
  await db.insert(gatewaySimulatorCards).values({ token, cardNumber: cardNumber.replace(/[\s-]/g, "") });
  return token;
}

export async function simulatorPlugin(app: FastifyInstance, options: SimulatorOptions): Promise<void> {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const settleMs = options.settleMs ?? 300;

  // Signatures cover the exact bytes, so the body is kept as text until it is verified.
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => done(null, body));
  app.addHook("preHandler", async (request, reply) => {
    const body = typeof request.body === "string" ? request.body : "";
    const merchant = String(request.headers.merchant ?? "");
    const signature = String(request.headers.signature ?? "");
    if (merchant !== options.publicKey || !verifySignature(options.publicKey, options.secretKey, body, signature)) {
      return fail(reply, 401, "1.01", "Authentication failed");
    }
    try {
      request.body = JSON.parse(body);
    } catch {
      return fail(reply, 400, "2.01", "Invalid data");
    }
  });

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
      order: { order_id: current.orderId, status: current.status, amount: current.amount, currency: current.currency },
      ...(current.cardToken && {
        transactions: {
          [`${current.orderId}-1`]: { status: current.status, card: { card_token: { token: current.cardToken } } },
        },
      }),
      ...(current.status === "declined" && current.errorCode && { error: { code: current.errorCode } }),
    };
  }

  app.post("/recurring", async (request, reply) => {
    const input = recurringBody.safeParse(request.body);
    if (!input.success) return fail(reply, 422, "2.01", `Invalid data: ${input.error.issues[0]?.path.join(".")}`);
    const [card] = await db
      .select()
      .from(gatewaySimulatorCards)
      .where(eq(gatewaySimulatorCards.token, input.data.recurring_token));
    if (!card) return fail(reply, 422, "5.02", "Invalid token");
    const outcome = cardOutcome(card.cardNumber);
    // Merchant-initiated charges: the renewal-failure card declines with insufficient funds.
    const [finalStatus, errorCode] =
      outcome.kind === "approved"
        ? ["approved", null]
        : outcome.kind === "approved-then-insufficient"
          ? ["declined", "3.02"]
          : outcome.kind === "declined"
            ? ["declined", outcome.code]
            : [null, null];
    const [order] = await db
      .insert(gatewaySimulatorOrders)
      .values({
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
        settlesAt: new Date(now().getTime() + settleMs),
      })
      .onConflictDoNothing()
      .returning();
    // Solidgate has no idempotency key: the order id is the key, and a reused one is refused.
    if (!order) return fail(reply, 422, "5.06", "Duplicate order");
    return present(order);
  });

  app.post("/status", async (request, reply) => {
    const input = statusBody.safeParse(request.body);
    if (!input.success) return fail(reply, 422, "2.01", "Invalid data: order_id");
    const [order] = await db
      .select()
      .from(gatewaySimulatorOrders)
      .where(eq(gatewaySimulatorOrders.orderId, input.data.order_id));
    if (!order) return fail(reply, 404, "2.05", "Order not found");
    return present(order);
  });

  app.post("/refund", async (request, reply) => {
    const input = refundBody.safeParse(request.body);
    if (!input.success) return fail(reply, 422, "2.01", `Invalid data: ${input.error.issues[0]?.path.join(".")}`);
    const [found] = await db
      .select()
      .from(gatewaySimulatorOrders)
      .where(eq(gatewaySimulatorOrders.orderId, input.data.order_id));
    if (!found) return fail(reply, 404, "2.05", "Order not found");
    const order = (await present(found)).order;
    const left = found.amount - found.refundedAmount;
    if (!["approved", "settle_ok"].includes(order.status) || input.data.amount > left) {
      return fail(reply, 422, "0.03", "Illegal operation");
    }
    const refundedAmount = found.refundedAmount + input.data.amount;
    const [updated] = await db
      .update(gatewaySimulatorOrders)
      .set({ refundedAmount, status: refundedAmount === found.amount ? "refunded" : order.status, updatedAt: now() })
      .where(eq(gatewaySimulatorOrders.orderId, found.orderId))
      .returning();
    return present(updated ?? found);
  });
}
