import type { Database } from "@kinderready/db/open-db";
import { emailMessages } from "@kinderready/db/schema";
import { type SQL, sql } from "drizzle-orm";
import { type EmailClass, type EmailKindId, emailClassOf, emailKindIds } from "../email/email-kinds.ts";
import type { ReportDays } from "./report-filters.ts";
import { inDays } from "./revenue-report.server.ts";

/**
 * Every kind of email by its id, with what became of the ones written in a range of UTC days:
 * sent, failed (given up after its retries), skipped (no longer true when its turn came, or the
 * parent stopped allowing marketing mail) and still queued. Every kind has a row, sent or not.
 */
export type EmailKindRow = {
  id: EmailKindId;
  class: EmailClass;
  written: number;
  sent: number;
  failed: number;
  skipped: number;
  queued: number;
};

const statusCount = (status: string): SQL<number> =>
  sql<number>`count(*) filter (where ${emailMessages.status} = ${status})`.mapWith(Number);

export async function getEmailReport(db: Database, days: ReportDays): Promise<EmailKindRow[]> {
  const kindId = sql<string>`split_part(${emailMessages.kind}, ':', 1)`;
  const rows = await db
    .select({
      id: kindId,
      written: sql<number>`count(*)`.mapWith(Number),
      sent: statusCount("sent"),
      failed: statusCount("failed"),
      skipped: statusCount("skipped"),
      queued: statusCount("queued"),
    })
    .from(emailMessages)
    .where(inDays(emailMessages.createdAt, days))
    .groupBy(kindId);
  return emailKindIds.map((id) => {
    const found = rows.find((row) => row.id === id);
    return {
      id,
      class: emailClassOf[id],
      written: found?.written ?? 0,
      sent: found?.sent ?? 0,
      failed: found?.failed ?? 0,
      skipped: found?.skipped ?? 0,
      queued: found?.queued ?? 0,
    };
  });
}
