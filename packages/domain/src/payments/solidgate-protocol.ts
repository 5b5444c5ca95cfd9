import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { GatewayOrder } from "./payment-gateway.ts";

/**
 * Solidgate API v1 wire protocol (see ../shared/research/payments.md), shared by the real
 * adapter and the local simulator so both sign, encrypt and verify byte for byte alike.
 */

/** base64 of the lower-case hex HMAC-SHA512 of publicKey + body + publicKey, keyed by the secret. */
export function signBody(publicKey: string, secretKey: string, body: string): string {
  const hex = createHmac("sha512", secretKey)
    .update(publicKey + body + publicKey)
    .digest("hex");
  return Buffer.from(hex).toString("base64");
}

/** Constant-time check of a `signature` header against the exact bytes received. */
export function verifySignature(publicKey: string, secretKey: string, body: string, signature: string): boolean {
  const expected = Buffer.from(signBody(publicKey, secretKey, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Order statuses: the last seven are final. */
export const pendingStatuses = ["created", "processing", "3ds_verify", "settle_pending", "auth_ok"] as const;
export const finalStatuses = [
  "auth_failed",
  "void_ok",
  "approved",
  "declined",
  "settle_ok",
  "partial_settled",
  "refunded",
] as const;
export type OrderStatus = (typeof pendingStatuses)[number] | (typeof finalStatuses)[number];
export const isFinalStatus = (status: string) => (finalStatuses as readonly string[]).includes(status);

/** What Solidgate answers on /recurring, /status and /refund (only the fields the product reads). */
export const solidgateOrderResponse = z.object({
  order: z.object({
    order_id: z.string(),
    status: z.string(),
    amount: z.number().int(),
    currency: z.string(),
  }),
  transactions: z
    .record(
      z.string(),
      z.object({
        status: z.string().optional(),
        card: z.object({ card_token: z.object({ token: z.string() }).optional() }).optional(),
      }),
    )
    .optional(),
  error: z.object({ code: z.string(), messages: z.array(z.string()).optional() }).optional(),
});
export type SolidgateOrderResponse = z.infer<typeof solidgateOrderResponse>;

export const solidgateErrorResponse = z.object({
  error: z.object({ code: z.string(), messages: z.array(z.string()).optional() }),
});

/** What the Payment Page API answers on /init. */
export const solidgatePageResponse = z.object({ url: z.url(), guid: z.string().optional() });

/** The product's view of an order the gateway answered with (an API call or a webhook). */
export function toGatewayOrder(response: SolidgateOrderResponse): GatewayOrder {
  const cardToken = Object.values(response.transactions ?? {}).find((t) => t.card?.card_token)?.card?.card_token?.token;
  return {
    orderId: response.order.order_id,
    status: response.order.status as OrderStatus,
    amount: response.order.amount,
    currency: response.order.currency,
    errorCode: response.error?.code,
    cardToken,
  };
}
