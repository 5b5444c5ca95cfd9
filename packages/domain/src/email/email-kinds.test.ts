import { describe, expect, it } from "vitest";
import { emailKind, emailKindIds, parseEmailKind } from "./email-kinds.ts";

describe("email kinds", () => {
  it("reads back every kind with its arguments", () => {
    for (const id of emailKindIds) {
      expect(parseEmailKind(emailKind(id))).toEqual({ id, args: [] });
      expect(parseEmailKind(emailKind(id, "a1", "2026-12-06"))).toEqual({ id, args: ["a1", "2026-12-06"] });
    }
  });

  it("refuses a kind nobody registered, and a prefix of one", () => {
    expect(parseEmailKind("mystery")).toBeUndefined();
    expect(parseEmailKind("")).toBeUndefined();
    expect(parseEmailKind("receipts:1")).toBeUndefined();
    expect(parseEmailKind("Welcome")).toBeUndefined();
  });
});
