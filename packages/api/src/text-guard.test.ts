import { describe, expect, it } from "vitest";
import { fieldWithUnstorableText } from "./text-guard.ts";

describe("fieldWithUnstorableText", () => {
  it("names the field holding a NUL, in values and keys, at any depth", () => {
    expect(fieldWithUnstorableText({ kid: { name: "Em\u0000ma" } }, "body")).toBe("body.kid.name");
    expect(fieldWithUnstorableText({ events: [{ properties: { "a\u0000": 1 } }] }, "body")).toBe(
      "body.events.0.properties.a\u0000",
    );
    expect(fieldWithUnstorableText("raw\u0000text", "body")).toBe("body");
  });

  it("names the field holding an unpaired surrogate, which jsonb refuses", () => {
    expect(fieldWithUnstorableText({ groups: [{ name: "a\uD83Db" }] }, "body")).toBe("body.groups.0.name");
    expect(fieldWithUnstorableText({ properties: { "k\uDFFF": "v" } }, "body")).toBe("body.properties.k\uFFFD");
  });

  it("passes well-formed text, however unusual", () => {
    const text = "\u0001\u202E\u200B e\u0301 👩‍👩‍👧‍👦 𝕏 \u{10FFFF}";
    expect(fieldWithUnstorableText({ name: text, list: [1, null, true] }, "body")).toBeUndefined();
    expect(fieldWithUnstorableText(undefined, "querystring")).toBeUndefined();
  });

  it("walks a deeply nested body without overflowing the stack", () => {
    const deep = JSON.parse(`${"[".repeat(100_000)}"\\u0000"${"]".repeat(100_000)}`);
    expect(fieldWithUnstorableText(deep, "body")?.startsWith("body.0.0.0")).toBe(true);
  });
});
