import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signBody, verifySignature } from "./solidgate-protocol.ts";

const publicKey = "api_pk_7b197123_6fd6_4b4e_a8fc_0d4b2b5d1e1a";
const secretKey = "api_sk_3b8a1c3f_9c1b_4f0e_8a44_f1d2c3b4a596";

describe("Solidgate signature", () => {
  it("is base64 of the hex HMAC-SHA512 over publicKey + body + publicKey", () => {
    const body = '{"order_id":"o-1"}';
    const hex = createHmac("sha512", secretKey).update(`${publicKey}${body}${publicKey}`).digest("hex");
    expect(signBody(publicKey, secretKey, body)).toBe(Buffer.from(hex, "utf8").toString("base64"));
    expect(Buffer.from(signBody(publicKey, secretKey, body), "base64").toString()).toMatch(/^[0-9a-f]{128}$/);
  });

  it("verifies the exact bytes and nothing else", () => {
    const body = '{"order_id":"o-1","amount":199}';
    const signature = signBody(publicKey, secretKey, body);
    expect(verifySignature(publicKey, secretKey, body, signature)).toBe(true);
    expect(verifySignature(publicKey, secretKey, `${body} `, signature)).toBe(false);
    expect(verifySignature(publicKey, `${secretKey}x`, body, signature)).toBe(false);
    expect(verifySignature(publicKey, secretKey, body, "")).toBe(false);
  });
});
