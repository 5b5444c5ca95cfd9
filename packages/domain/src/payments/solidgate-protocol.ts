import { createHmac, timingSafeEqual } from "node:crypto";

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
