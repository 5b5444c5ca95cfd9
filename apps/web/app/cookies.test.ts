import { describe, expect, it } from "vitest";
import { cookieString, readCookie } from "./cookies.ts";

describe("cookies", () => {
  it("reads one cookie by exact name, decoded", () => {
    const header = "a=1; kr_session=abc%2Fdef; kr_session_old=x";
    expect(readCookie(header, "kr_session")).toBe("abc/def");
    expect(readCookie(header, "kr")).toBeUndefined();
    expect(readCookie("kr_session=", "kr_session")).toBeUndefined();
    expect(readCookie("kr_session=%E0%A4%A", "kr_session")).toBeUndefined();
    expect(readCookie(null, "kr_session")).toBeUndefined();
  });

  it("writes a site-wide Lax cookie, HttpOnly and Secure when asked", () => {
    expect(cookieString("kr_x", "a b", { maxAgeSeconds: 60, secure: false })).toBe(
      "kr_x=a%20b; Path=/; Max-Age=60; SameSite=Lax",
    );
    expect(cookieString("kr_x", "", { maxAgeSeconds: 0, secure: true, httpOnly: true })).toBe(
      "kr_x=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure",
    );
  });
});
