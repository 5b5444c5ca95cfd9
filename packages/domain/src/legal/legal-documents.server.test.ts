import { localeCodes } from "@kinderready/i18n/locales";
import { languageRules, ruleBreaches } from "@kinderready/i18n/test/language-rules";
import { describe, expect, it } from "vitest";
import { getLegalDocument, legalDocumentIds, legalDocuments, parseLegalContent } from "./legal-documents.server.ts";

// Every legal document exists in every language with its sections, and states the rules the
// product enforces: the trial and period from the catalogue, the configured support address
// and links.

const values = {
  supportEmail: "help@kit.example",
  arbitrationUrl: "https://adr.example/",
  appleRefundUrl: "https://apple.example/refund",
  googleRefundUrl: "https://google.example/refund",
};

describe.each(localeCodes)("legal documents in %s", (locale) => {
  it.each(legalDocumentIds)("%s has every section, filled, with no placeholder left", (document) => {
    const sections = getLegalDocument(locale, document, values);
    expect(sections.map((section) => section.id)).toEqual([...legalDocuments[document]]);
    for (const section of sections) {
      for (const paragraph of section.paragraphs) expect(paragraph).not.toMatch(/\{\{|\}\}/);
    }
  });

  it("states the support address, the 30-day refund window, the 24 hours, the trial and the links", () => {
    const text = (document: (typeof legalDocumentIds)[number]) =>
      getLegalDocument(locale, document, values)
        .flatMap((section) => section.paragraphs)
        .join("\n");
    expect(text("money-back-policy")).toContain(values.supportEmail);
    expect(text("money-back-policy")).toContain("30");
    expect(text("money-back-policy")).toContain(values.appleRefundUrl);
    expect(text("money-back-policy")).toContain(values.arbitrationUrl);
    expect(text("subscription-terms")).toContain("24");
    expect(text("subscription-terms")).toContain("3");
    expect(text("privacy-policy")).toContain(values.supportEmail);
  });

  it("keeps the language's house rules (register, variant, digits)", () => {
    const texts = Object.fromEntries(
      legalDocumentIds.flatMap((document) =>
        getLegalDocument(locale, document, values).flatMap((section) => [
          [`${document}.${section.id}.heading`, section.heading],
          ...section.paragraphs.map((paragraph, index) => [`${document}.${section.id}.${index}`, paragraph]),
        ]),
      ),
    );
    expect(ruleBreaches(languageRules[locale], texts)).toEqual([]);
  });
});

describe("legal content validation", () => {
  it("names a missing document", () => {
    const broken = { ...JSON.parse(JSON.stringify({ "do-not-sell": [] })) };
    expect(() => parseLegalContent("xx", broken)).toThrow(/terms-of-service/);
  });
});
