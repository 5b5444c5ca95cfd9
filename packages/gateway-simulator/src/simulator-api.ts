import { randomBytes } from "node:crypto";
import { verifySignature } from "@kinderready/domain/payments/solidgate-protocol";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { fail, initBody, invalidData, recurringBody, refundBody, statusBody } from "./api-requests.ts";
import { chargeOutcome, type OrderBook } from "./simulator-orders.ts";
import type { SimulatorOptions } from "./simulator-plugin.ts";
import { gatewaySimulatorCards, gatewaySimulatorOrders, gatewaySimulatorPages } from "./simulator-schema.ts";

type ApiDeps = { options: SimulatorOptions; orders: OrderBook; now: () => Date };

const pageLifetimeMs = 24 * 60 * 60 * 1000;

/** Solidgate's card-payment API v1: signed requests, order statuses and error codes. */
export async function simulatorApiRoutes(api: FastifyInstance, deps: ApiDeps): Promise<void> {
  requireSignedBodies(api, deps.options);
  recurringRoute(api, deps);
  initRoute(api, deps);
  statusRoute(api, deps);
  refundRoute(api, deps);
}

/** Every request signed with the merchant's keys, its body JSON once the signature checks out. */
function requireSignedBodies(api: FastifyInstance, options: SimulatorOptions) {
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
}

/** A merchant-initiated charge on a card token the hosted page issued. */
function recurringRoute(api: FastifyInstance, { options, orders }: ApiDeps) {
  api.post("/recurring", async (request, reply) => {
    const input = recurringBody.safeParse(request.body);
    if (!input.success) return invalidData(reply, input.error);
    const [card] = await options.db
      .select()
      .from(gatewaySimulatorCards)
      .where(eq(gatewaySimulatorCards.token, input.data.recurring_token));
    if (!card) return fail(reply, 422, "5.02", "Invalid token");
    // Merchant-initiated charges: the renewal-failure card declines with insufficient funds.
    const [finalStatus, errorCode] = chargeOutcome(card.cardNumber, true);
    const order = await orders.openOrder({
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
    return orders.present(order);
  });
}

/** The Payment Page API: a hosted page for one order, valid for 24 hours. */
function initRoute(api: FastifyInstance, { options, now }: ApiDeps) {
  api.post("/init", async (request, reply) => {
    const input = initBody.safeParse(request.body);
    if (!input.success) return invalidData(reply, input.error);
    const guid = randomBytes(16).toString("hex");
    await options.db.insert(gatewaySimulatorPages).values({
      guid,
      merchant: options.publicKey,
      orderId: input.data.order.order_id,
      order: input.data.order,
      expiresAt: new Date(now().getTime() + pageLifetimeMs),
    });
    return { url: `${options.publicUrl}/pay/${guid}`, guid };
  });
}

function statusRoute(api: FastifyInstance, { options, orders }: ApiDeps) {
  api.post("/status", async (request, reply) => {
    const input = statusBody.safeParse(request.body);
    if (!input.success) return invalidData(reply, input.error);
    const [order] = await options.db
      .select()
      .from(gatewaySimulatorOrders)
      .where(eq(gatewaySimulatorOrders.orderId, input.data.order_id));
    if (!order) return fail(reply, 404, "2.05", "Order not found");
    return orders.present(order);
  });
}

/** A refund of part or all of an approved order; the whole amount refunded makes it refunded. */
function refundRoute(api: FastifyInstance, { options, orders, now }: ApiDeps) {
  const { db } = options;
  api.post("/refund", async (request, reply) => {
    const input = refundBody.safeParse(request.body);
    if (!input.success) return invalidData(reply, input.error);
    const [found] = await db
      .select()
      .from(gatewaySimulatorOrders)
      .where(eq(gatewaySimulatorOrders.orderId, input.data.order_id));
    if (!found) return fail(reply, 404, "2.05", "Order not found");
    await orders.present(found); // settles a processing order that is due
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
    return orders.present(updated);
  });
}
