import { describe, expect, it } from "vitest";
import { accessCode, unsubscribeCode, verifyAccessCode, verifyUnsubscribeCode } from "./access-code.server.ts";

const secret = "a-secret-for-the-access-code-tests";
const id = "0b6f7f3e-5d1c-4a8e-9a57-1f6e9d2c4b10";

describe("access codes", () => {
  it("verifies its own code and names the link", () => {
    expect(verifyAccessCode(secret, accessCode(secret, id))).toBe(id);
  });

  it("refuses a code signed with another key, for another link, or mangled", () => {
    const code = accessCode(secret, id);
    expect(verifyAccessCode("another-secret-of-the-same-kind-00", code)).toBeUndefined();
    expect(verifyAccessCode(secret, code.replace(id, "0b6f7f3e-5d1c-4a8e-9a57-1f6e9d2c4b11"))).toBeUndefined();
    expect(verifyAccessCode(secret, `${code.slice(0, -1)}A`)).toBeUndefined();
    expect(verifyAccessCode(secret, id)).toBeUndefined();
    expect(verifyAccessCode(secret, "")).toBeUndefined();
  });

  it("keeps an unsubscribe code from signing anyone in, and a sign-in code from unsubscribing", () => {
    expect(verifyUnsubscribeCode(secret, unsubscribeCode(secret, id))).toBe(id);
    expect(verifyAccessCode(secret, unsubscribeCode(secret, id))).toBeUndefined();
    expect(verifyUnsubscribeCode(secret, accessCode(secret, id))).toBeUndefined();
  });
});
