import { describe, expect, it } from "vitest";
import { parentSessionSetCookie, readParentSession } from "./parent-session-cookie.ts";

describe("the parent's session cookie", () => {
  it("is read from a Cookie header among others", () => {
    expect(readParentSession("a=1; kr_session=abcDEF_123-xyz; b=2")).toBe("abcDEF_123-xyz");
    expect(readParentSession("kr_session=")).toBeUndefined();
    expect(readParentSession(null)).toBeUndefined();
  });

  it("is HttpOnly and SameSite=Lax, Secure on https, and ended with Max-Age=0", () => {
    expect(parentSessionSetCookie("tok", true)).toBe(
      "kr_session=tok; Path=/; Max-Age=15552000; HttpOnly; SameSite=Lax; Secure",
    );
    expect(parentSessionSetCookie(undefined, false)).toBe("kr_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax");
  });
});
