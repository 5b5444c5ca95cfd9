import type { Database } from "@kinderready/db/open-db";
import { auditLog, operators } from "@kinderready/db/schema";
import { and, desc, eq, gte, lt } from "drizzle-orm";
import { dayRange, type ReportDays } from "./report-filters.ts";

// The console's audit log as operators read it: every change and sign-in in a range of days,
// newest first, with who did it.

export type AuditEntry = {
  id: number;
  at: Date;
  operator: string | null;
  action: string;
  target: string | null;
  details: unknown;
};

/** At most this many entries a page; the CSV export has the same cap and says so by its length. */
export const auditPageSize = 500;

/** Entries in a range of days, of one action, or about one target (a parent, a plan), as asked. */
export async function listAuditLog(
  db: Database,
  input: { days?: ReportDays; action?: string | undefined; target?: string },
): Promise<AuditEntry[]> {
  const range = input.days && dayRange(input.days);
  return db
    .select({
      id: auditLog.id,
      at: auditLog.createdAt,
      operator: operators.email,
      action: auditLog.action,
      target: auditLog.target,
      details: auditLog.details,
    })
    .from(auditLog)
    .leftJoin(operators, eq(operators.id, auditLog.operatorId))
    .where(
      and(
        range && gte(auditLog.createdAt, range.start),
        range && lt(auditLog.createdAt, range.end),
        input.action ? eq(auditLog.action, input.action) : undefined,
        input.target ? eq(auditLog.target, input.target) : undefined,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(auditPageSize);
}
