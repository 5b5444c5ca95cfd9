import { randomUUID } from "node:crypto";
import { type SolidgateOrderResponse, signBody } from "@kinderready/domain/payments/solidgate-protocol";
import type { SimulatorOptions } from "./simulator-plugin.ts";

export type NotifyOrder = (answer: SolidgateOrderResponse) => void;

/**
 * Posts order updates to the merchant's webhook, signed with the webhook key pair and retried a
 * few times as a gateway does; nothing is posted without a webhook.
 */
export function orderWebhook(options: Pick<SimulatorOptions, "webhook" | "log">, now: () => Date): NotifyOrder {
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
  return (answer) => notify(answer);
}
