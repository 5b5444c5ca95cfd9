import { createHash } from "node:crypto";
import type { Database } from "@kinderready/db/open-db";
import type { PgBoss } from "pg-boss";
import { findOrderId } from "./order-queries.server.ts";
import { applyOrderUpdate, OrderMismatchError, type PaymentDeps } from "./orders.server.ts";
import { solidgateOrderResponse, toGatewayOrder, verifySignature } from "./solidgate-protocol.ts";
import {
  findWebhookEvent,
  insertWebhookEvent,
  listUnprocessedWebhookEvents,
  updateWebhookEventProcessed,
} from "./webhook-queries.server.ts";

/**
 * Gateway webhooks: verified on the raw bytes with the webhook key pair, stored under their
 * unique event id (a redelivery is a no-op), acknowledged at once and applied by a job. Order
 * updates go through the same idempotent `applyOrderUpdate` as the synchronous answers, so an
 * event delivered late, twice or out of order can neither fulfil twice nor undo a final status.
 */

export const webhookJob = "payment-webhook";

export type WebhookKeys = { publicKey: string; secretKey: string };

export type WebhookReceipt = "accepted" | "duplicate" | "unauthorized";

export async function receiveWebhook(
  deps: { db: Database; jobs: Pick<PgBoss, "send">; keys: WebhookKeys; gatewayName: string },
  input: { body: string; headers: Record<string, string | string[] | undefined> },
): Promise<WebhookReceipt> {
  const header = (name: string) => {
    const value = input.headers[name];
    return String((Array.isArray(value) ? value[0] : value) ?? "");
  };
  const { publicKey, secretKey } = deps.keys;
  if (header("merchant") !== publicKey || !verifySignature(publicKey, secretKey, input.body, header("signature"))) {
    return "unauthorized";
  }
  // Without an event id, the body itself identifies the event.
  const eventId = header("solidgate-event-id") || `sha256:${createHash("sha256").update(input.body).digest("hex")}`;
  const stored = await insertWebhookEvent(deps.db, {
    eventId,
    gateway: deps.gatewayName,
    type: header("solidgate-event-type") || "card_gate.order.updated",
    body: input.body,
  });
  if (!stored) return "duplicate";
  await deps.jobs.send(
    webhookJob,
    { eventId },
    { singletonKey: eventId, retryLimit: 8, retryDelay: 15, retryBackoff: true },
  );
  return "accepted";
}

/**
 * Applies one stored event. Events about orders this product never made are recorded and left;
 * one whose amount or currency is not its order's is `refused` (recorded, never applied), and the
 * caller reports it.
 */
export async function processWebhook(
  deps: PaymentDeps,
  eventId: string,
): Promise<"applied" | "ignored" | "refused" | "done"> {
  const event = await findWebhookEvent(deps.db, eventId);
  if (!event || event.processedAt) return "done";
  const parsed = solidgateOrderResponse.safeParse(JSON.parse(event.body));
  let outcome: "applied" | "ignored" | "refused" = "ignored";
  if (parsed.success) {
    const update = toGatewayOrder(parsed.data);
    const known = await findOrderId(deps.db, update.orderId);
    if (known) {
      try {
        await applyOrderUpdate(deps, update);
        outcome = "applied";
      } catch (error) {
        if (!(error instanceof OrderMismatchError)) throw error;
        outcome = "refused";
      }
    }
  }
  await updateWebhookEventProcessed(deps.db, { eventId, now: deps.now() });
  return outcome;
}

/** Events whose job was lost (a crash between storing and enqueueing): queued again. */
export async function requeueStaleWebhooks(
  deps: { db: Database; jobs: Pick<PgBoss, "send"> },
  olderThan: Date,
): Promise<number> {
  const stale = await listUnprocessedWebhookEvents(deps.db, olderThan);
  for (const { eventId } of stale) await deps.jobs.send(webhookJob, { eventId }, { singletonKey: eventId });
  return stale.length;
}
