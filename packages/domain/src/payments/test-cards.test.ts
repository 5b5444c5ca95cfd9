import { describe, expect, it } from "vitest";
import { cardOutcome, luhnValid } from "./test-cards.ts";

describe("simulator test cards", () => {
  it("approves the approved card", () => {
    expect(cardOutcome("4067 4299 7471 9265")).toEqual({ kind: "approved" });
  });

  it.each([
    ["4000000000000010", "0.01"],
    ["4000000000002065", "2.06"],
    ["4000000000002081", "2.08"],
    ["4000000000002099", "2.09"],
    ["4000000000002107", "2.10"],
    ["4000000000003014", "3.01"],
    ["4000000000003022", "3.02"],
    ["4000000000003030", "3.03"],
    ["4000000000004087", "4.08"],
  ])("declines %s with %s", (number, code) => {
    expect(luhnValid(number)).toBe(true);
    expect(cardOutcome(number)).toEqual({ kind: "declined", code });
  });

  it("has the renewal-failure and never-final cards, and Solidgate's sandbox numbers", () => {
    expect(cardOutcome("4000000000013021")).toEqual({ kind: "approved-then-declined", code: "3.02" });
    expect(cardOutcome("4000000000012155")).toEqual({ kind: "approved-then-declined", code: "2.15" });
    expect(cardOutcome("4000000000009995")).toEqual({ kind: "never-final" });
    expect(cardOutcome("4553815318053315")).toEqual({ kind: "declined", code: "0.01" });
  });

  it("treats anything else as an invalid card number", () => {
    expect(cardOutcome("4000000000002066")).toEqual({ kind: "declined", code: "2.08" });
    expect(cardOutcome("1234")).toEqual({ kind: "declined", code: "2.08" });
  });
});
