import type { Database } from "@kinderready/db/open-db";
import { auditLog, operators } from "@kinderready/db/schema";
import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import { dayRange, type ReportDays } from "./report-filters.ts";

// The console's audit log as operators read it: every change and sign-in in a range of days,
// newest first, with who did it, a page at a time.

export type AuditEntry = {
  id: number;
  at: Date;
  operator: string | null;
  action: string;
  target: string | null;
  details: unknown;
};

/** Entries a page holds, on the page and in its CSV export alike. */
export const auditPageSize = 500;

/** One page of entries, and the `before` that reads the next, older one (null on the last page). */
export type AuditPage = { entries: AuditEntry[]; olderBefore: number | null };

/**
 * Entries in a range of days, of one action, or about one target (a parent, a plan), as asked:
 * the newest page, or the page older than the entry `before` names. The order is the entries'
 * time then their id, so a page ends where the next begins even among entries of one instant.
 */
export async function listAuditLog(
  db: Database,
  input: { days?: ReportDays; action?: string | undefined; target?: string; before?: number | undefined },
): Promise<AuditPage> {
  const range = input.days && dayRange(input.days);
  const olderThan =
    input.before === undefined
      ? undefined
      : sql`(${auditLog.createdAt}, ${auditLog.id}) < (select created_at, id from audit_log where id = ${input.before})`;
  const rows = await db
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
        olderThan,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(auditPageSize + 1);
  const entries = rows.slice(0, auditPageSize);
  return { entries, olderBefore: rows.length > auditPageSize ? (entries.at(-1)?.id ?? null) : null };
}
