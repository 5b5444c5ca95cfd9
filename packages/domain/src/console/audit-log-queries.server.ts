import type { Database, Transaction } from "@kinderready/db/open-db";
import { auditLog, operators } from "@kinderready/db/schema";
import { and, desc, eq, gte, lt, sql } from "drizzle-orm";

// The console's audit log: every change and sign-in an operator made, written in the
// transaction of the change, read newest first.

export async function insertAuditEntry(
  db: Database | Transaction,
  entry: { operatorId: string | null; action: string; target?: string; details?: Record<string, unknown> },
): Promise<void> {
  await db.insert(auditLog).values({
    operatorId: entry.operatorId,
    action: entry.action,
    target: entry.target ?? null,
    details: entry.details ?? {},
  });
}

/**
 * Up to `limit` entries in a time range, of one action, or about one target, as asked: the
 * newest, or those older than the entry `before` names. The order is the entries' time then
 * their id, so a page ends where the next begins even among entries of one instant.
 */
export async function listAuditEntries(
  db: Database | Transaction,
  input: {
    range: { start: Date; end: Date } | undefined;
    action?: string | undefined;
    target?: string | undefined;
    before?: number | undefined;
    limit: number;
  },
) {
  const { range } = input;
  const olderThan =
    input.before === undefined
      ? undefined
      : sql`(${auditLog.createdAt}, ${auditLog.id}) < (select created_at, id from audit_log where id = ${input.before})`;
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
        olderThan,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(input.limit);
}
