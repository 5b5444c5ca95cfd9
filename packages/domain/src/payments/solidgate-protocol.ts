import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

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

// The Payment Form's paymentIntent: AES-256-CBC, key = the first 32 characters of the secret
// key, a random 16-byte IV prepended to the ciphertext, base64url.
const intentKey = (secretKey: string) => Buffer.from(secretKey.slice(0, 32), "utf8");

export function encryptPaymentIntent(secretKey: string, intent: object): string {
  const iv = randomBytes(16);
  const cipher = createCipheriv("aes-256-cbc", intentKey(secretKey), iv);
  const encrypted = Buffer.concat([cipher.update(JSON.stringify(intent), "utf8"), cipher.final()]);
  return Buffer.concat([iv, encrypted]).toString("base64url");
}

export function decryptPaymentIntent(secretKey: string, paymentIntent: string): unknown {
  const bytes = Buffer.from(paymentIntent, "base64url");
  const decipher = createDecipheriv("aes-256-cbc", intentKey(secretKey), bytes.subarray(0, 16));
  const plain = Buffer.concat([decipher.update(bytes.subarray(16)), decipher.final()]).toString("utf8");
  return JSON.parse(plain);
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
