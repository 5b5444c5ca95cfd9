import type { Locale } from "@kinderready/i18n/locales";
import { z } from "zod";
import { periodDays, trialDays } from "../pricing/price-catalogue.ts";
import ar from "./content/ar.json" with { type: "json" };
import de from "./content/de.json" with { type: "json" };
import en from "./content/en.json" with { type: "json" };
import es from "./content/es.json" with { type: "json" };
import fr from "./content/fr.json" with { type: "json" };
import pt from "./content/pt.json" with { type: "json" };
import ru from "./content/ru.json" with { type: "json" };

// The six legal documents, written per language (content/<locale>.json) with the business rules
// as placeholders filled from configuration and the price catalogue, so the pages state the
// rules the product enforces. Server-only: the texts are long and never go to the catalogues.

export const legalDocuments = {
  "terms-of-service": [
    "about",
    "eligibility",
    "account",
    "subscription",
    "licence",
    "acceptable-use",
    "content-disclaimer",
    "availability",
    "liability",
    "law",
    "changes",
    "contact",
  ],
  "privacy-policy": [
    "who-we-are",
    "data-we-collect",
    "how-we-use",
    "legal-bases",
    "sharing",
    "transfers",
    "retention",
    "your-rights",
    "delete-data",
    "children",
    "security",
    "contact",
  ],
  "money-back-policy": ["promise", "how-to-request", "timing", "withdrawal-eu", "app-stores", "disputes"],
  "subscription-terms": [
    "plan",
    "trial",
    "renewal",
    "prices",
    "cancel",
    "restore",
    "failed-payments",
    "extras",
    "changes",
  ],
  "cookie-policy": ["what", "necessary", "preferences", "analytics-ads", "choices", "contact"],
  "do-not-sell": ["summary", "sharing", "opt-out", "gpc", "rights", "contact"],
} as const;

export type LegalDocumentId = keyof typeof legalDocuments;
export const legalDocumentIds = Object.keys(legalDocuments) as LegalDocumentId[];

const placeholders = ["supportEmail", "trialDays", "periodDays", "arbitrationUrl", "appleRefundUrl", "googleRefundUrl"];

const paragraph = z
  .string()
  .trim()
  .min(1)
  .refine(
    (text) => [...text.matchAll(/\{\{(\w+)\}\}/g)].every((match) => placeholders.includes(match[1] ?? "")),
    "uses an unknown {{placeholder}}",
  );

const section = z.object({
  id: z.string(),
  heading: z.string().trim().min(1),
  paragraphs: z.array(paragraph).min(1).max(6),
});

/** Each document's sections, with exactly the ids above, in order. */
export const legalContentSchema = z
  .record(z.enum(legalDocumentIds as [LegalDocumentId, ...LegalDocumentId[]]), z.array(section))
  .superRefine((content, context) => {
    for (const document of legalDocumentIds) {
      if (content[document]?.map((entry) => entry.id).join() !== legalDocuments[document].join()) {
        context.addIssue({
          code: "custom",
          path: [document],
          message: `sections must be ${legalDocuments[document].join(", ")}`,
        });
      }
    }
  });
export type LegalContent = z.infer<typeof legalContentSchema>;
export type LegalSection = z.infer<typeof section>;

export type LegalValues = {
  supportEmail: string;
  arbitrationUrl: string;
  appleRefundUrl: string;
  googleRefundUrl: string;
};

const sources: Record<Locale, unknown> = { en, ru, es, fr, ar, de, pt };
const cache = new Map<Locale, LegalContent>();

export function parseLegalContent(locale: string, source: unknown): LegalContent {
  const parsed = legalContentSchema.safeParse(source);
  if (!parsed.success) throw new Error(`Legal texts for ${locale} are invalid: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** A document in a language, its placeholders filled (the rules and the configured links). */
export function getLegalDocument(locale: Locale, document: LegalDocumentId, values: LegalValues): LegalSection[] {
  let content = cache.get(locale);
  if (!content) {
    content = parseLegalContent(locale, sources[locale]);
    cache.set(locale, content);
  }
  const filled: Record<string, string> = { ...values, trialDays: String(trialDays), periodDays: String(periodDays) };
  return content[document].map((entry) => ({
    ...entry,
    paragraphs: entry.paragraphs.map((text) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => filled[key] ?? "")),
  }));
}
