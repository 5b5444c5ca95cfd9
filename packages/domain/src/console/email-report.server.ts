import type { Database } from "@kinderready/db/open-db";
import { type EmailClass, type EmailKindId, emailClassOf, emailKindIds } from "../email/email-kinds.ts";
import { type EmailOutcome, emailOutcomes } from "./email-outcomes.ts";
import { countEmailsByKind } from "./email-report-queries.server.ts";
import type { ReportDays } from "./report-filters.ts";

/**
 * Every kind of email by its id, with what became of the ones written in a range of UTC days:
 * sent, failed (given up after its retries), skipped (no longer true when its turn came, or the
 * parent stopped allowing marketing mail) and still queued; how many of those sent had a link
 * followed (links are counted per message; there is no tracking pixel); and, for a kind that is
 * there to bring something about, how many were followed by it. Every kind has a row.
 */
export type EmailKindRow = {
  id: EmailKindId;
  class: EmailClass;
  written: number;
  sent: number;
  failed: number;
  skipped: number;
  queued: number;
  clicked: number;
  /** What the kind is there for; null for a kind with nothing to bring about. */
  outcome: EmailOutcome | null;
  /** Sent emails of the kind followed by their outcome within a week. */
  followed: number;
};

export async function getEmailReport(deps: { db: Database }, days: ReportDays): Promise<EmailKindRow[]> {
  const rows = await countEmailsByKind(deps.db, days);
  return emailKindIds.map((id) => {
    const found = rows.find((row) => row.id === id);
    const outcome: EmailOutcome | null = id in emailOutcomes ? emailOutcomes[id as keyof typeof emailOutcomes] : null;
    return {
      id,
      class: emailClassOf[id],
      written: found?.written ?? 0,
      sent: found?.sent ?? 0,
      failed: found?.failed ?? 0,
      skipped: found?.skipped ?? 0,
      queued: found?.queued ?? 0,
      clicked: found?.clicked ?? 0,
      outcome,
      followed: found?.followed ?? 0,
    };
  });
}
