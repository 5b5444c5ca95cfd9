import type { Database } from "@kinderready/db/open-db";
import { AppError, AppErrorCode } from "../app-error.ts";
import { findParent } from "../parents/find-parent.server.ts";
import { listUserEvents } from "./analytics-event-queries.server.ts";
import type { AnalyticsEventName } from "./analytics-events.ts";

/** A parent's latest analytics events, newest first: what support and the operator look at. */
export async function listParentEvents(deps: { db: Database }, input: { token: string; limit: number }) {
  const user = await findParent(deps, input);
  if (!user) throw new AppError(AppErrorCode.NotFound, "token", "No parent has this token");
  const rows = await listUserEvents(deps.db, { userId: user.id, limit: input.limit });
  // Stored only after validation: the names and property shapes are the schema's.
  return rows.map((row) => ({
    ...row,
    name: row.name as AnalyticsEventName,
    properties: row.properties as Record<string, unknown>,
    user_properties: row.user_properties as Record<string, unknown>,
    occurred_at: row.occurred_at.toISOString(),
  }));
}
