import type { Database } from "@kinderready/db/open-db";
import { listAuditEntries } from "./audit-log-queries.server.ts";
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
 * the newest page, or the page older than the entry `before` names.
 */
export async function listAuditLog(
  deps: { db: Database },
  input: { days?: ReportDays; action?: string | undefined; target?: string; before?: number | undefined },
): Promise<AuditPage> {
  const { days, ...filters } = input;
  // One entry past the page tells whether an older page exists.
  const rows = await listAuditEntries(deps.db, {
    ...filters,
    range: days && dayRange(days),
    limit: auditPageSize + 1,
  });
  const entries = rows.slice(0, auditPageSize);
  return { entries, olderBefore: rows.length > auditPageSize ? (entries.at(-1)?.id ?? null) : null };
}
