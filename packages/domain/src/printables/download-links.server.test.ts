import { describe, expect, it } from "vitest";
import {
  type DownloadGrant,
  parseFileName,
  parseScopeSlug,
  scopeSlug,
  signDownloadLink,
  verifyDownloadLink,
} from "./download-links.server.ts";

// Signed download links: the signature covers who, which level or pack, language, paper and
// expiry; changing any of them, or waiting past the expiry, breaks it.

const secret = "a-test-secret-of-thirty-two-characters!";
const grant: DownloadGrant = {
  userId: "8d0d6f5e-6b0e-4c39-9a8e-3b1f8f1f0c11",
  scope: { kind: "level", number: 2 },
  locale: "ar",
  paper: "a4",
  expiresAt: 1_800_000_000,
};
const before = new Date(1_799_999_000_000);
const signatureOf = (url: string) => new URL(url, "http://x").searchParams.get("sig") ?? "";

describe("download links", () => {
  it("puts the scope and file in the path and no token anywhere", () => {
    const url = signDownloadLink(secret, grant, { item: "l2-maze-6-s21" });
    expect(url).toMatch(
      /^\/printables\/files\/level-2\/item-l2-maze-6-s21\.pdf\?u=.+&locale=ar&paper=a4&exp=1800000000&sig=/,
    );
    expect(signDownloadLink(secret, grant, "all")).toMatch(/^\/printables\/files\/level-2\/all\.pdf\?/);
  });

  it("verifies its own signature until the expiry, and one signature serves the whole level", () => {
    const sig = signatureOf(signDownloadLink(secret, grant, { item: "a" }));
    expect(sig).toBe(signatureOf(signDownloadLink(secret, grant, "all")));
    expect(verifyDownloadLink(secret, grant, sig, before)).toBe(true);
    expect(verifyDownloadLink(secret, grant, sig, new Date(1_800_000_001_000))).toBe(false);
  });

  it("fails for another parent, level, language, paper, expiry or secret", () => {
    const sig = signatureOf(signDownloadLink(secret, grant, "all"));
    for (const changed of [
      { ...grant, userId: "0d0d6f5e-6b0e-4c39-9a8e-3b1f8f1f0c11" },
      { ...grant, scope: { kind: "level" as const, number: 3 } },
      { ...grant, scope: { kind: "packs" as const } },
      { ...grant, locale: "en" as const },
      { ...grant, paper: "letter" as const },
      { ...grant, expiresAt: grant.expiresAt + 3600 },
      { ...grant, invoices: "subscription,upsale" },
    ]) {
      expect(verifyDownloadLink(secret, changed, sig, before)).toBe(false);
    }
    expect(verifyDownloadLink("another-secret-of-thirty-two-characters", grant, sig, before)).toBe(false);
    expect(verifyDownloadLink(secret, grant, "short", before)).toBe(false);
  });

  it("parses scopes and file names, and nothing else", () => {
    for (const scope of [
      { kind: "level", number: 0 },
      { kind: "pack", id: "numbers-and-logic" },
      { kind: "packs" },
      { kind: "month", number: 3 },
      { kind: "week" },
    ] as const) {
      expect(parseScopeSlug(scopeSlug(scope))).toEqual(scope);
    }
    expect(parseScopeSlug("level-9")).toBeUndefined();
    expect(parseScopeSlug("month-0")).toBeUndefined();
    expect(parseScopeSlug("month-12")).toBeUndefined();
    expect(parseScopeSlug("../etc")).toBeUndefined();
    expect(parseFileName("all.pdf")).toBe("all");
    expect(parseFileName("item-trial-maze-4-s1.pdf")).toEqual({ item: "trial-maze-4-s1" });
    expect(parseFileName("item-../x.pdf")).toBeUndefined();
  });
});
