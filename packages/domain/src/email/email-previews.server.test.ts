import { localeCodes } from "@kinderready/i18n/locales";
import { describe, expect, it } from "vitest";
import { emailKindIds } from "./email-kinds.ts";
import { previewEmail } from "./email-previews.server.ts";

// The console's previews: every kind in every language renders, with a subject, and no
// catalogue key shows where a parent would read words.

const rawKey = /\b(?:email|reviews|purchase|profile|console)\.[a-zA-Z]+\.[a-zA-Z.]+/;

describe("email previews", () => {
  it.each(emailKindIds)("draws %s in every language", (id) => {
    for (const locale of localeCodes) {
      const mail = previewEmail(id, locale);
      expect(mail, `${id} ${locale}`).toBeDefined();
      expect(mail?.subject.trim(), `${id} ${locale}`).not.toBe("");
      expect(mail?.text, `${id} ${locale}`).not.toMatch(rawKey);
      expect(mail?.subject, `${id} ${locale}`).not.toMatch(rawKey);
      expect(mail?.html, `${id} ${locale}`).toMatch(/^<!doctype html>|<pre/i);
    }
  });

  it("speaks the language asked for, right to left in Arabic", () => {
    expect(previewEmail("receipt", "de")?.text).toContain("Bezahlter Betrag");
    expect(previewEmail("trial-ending", "ar")?.html).toContain('dir="rtl"');
  });
});
