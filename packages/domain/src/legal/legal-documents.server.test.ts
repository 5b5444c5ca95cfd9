import { localeCodes } from "@kinderready/i18n/locales";
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
    const digits = (value: string) =>
      locale === "ar"
        ? new RegExp(`${value}|${value.replace(/\d/g, (d) => "٠١٢٣٤٥٦٧٨٩"[Number(d)] ?? d)}`)
        : new RegExp(value);
    expect(text("money-back-policy")).toContain(values.supportEmail);
    expect(text("money-back-policy")).toMatch(digits("30"));
    expect(text("money-back-policy")).toContain(values.appleRefundUrl);
    expect(text("money-back-policy")).toContain(values.arbitrationUrl);
    expect(text("subscription-terms")).toMatch(digits("24"));
    expect(text("subscription-terms")).toContain("3");
    expect(text("privacy-policy")).toContain(values.supportEmail);
  });
});

describe("legal content validation", () => {
  it("names a missing document", () => {
    const broken = { ...JSON.parse(JSON.stringify({ "do-not-sell": [] })) };
    expect(() => parseLegalContent("xx", broken)).toThrow(/terms-of-service/);
  });
});
