import type { Database } from "@kinderready/db/open-db";
import { analyticsEvents } from "@kinderready/db/schema";
import { desc, eq } from "drizzle-orm";
import { AppError, AppErrorCode } from "../app-error.ts";
import { findParent } from "../parents/find-parent.server.ts";
import type { AnalyticsEventName } from "./analytics-events.ts";

/** A parent's latest analytics events, newest first: what support and the operator look at. */
export async function listParentEvents(db: Database, input: { token: string; limit: number }) {
  const user = await findParent(db, input);
  if (!user) throw new AppError(AppErrorCode.NotFound, "token", "No parent has this token");
  const rows = await db
    .select({
      event_id: analyticsEvents.eventId,
      name: analyticsEvents.name,
      occurred_at: analyticsEvents.occurredAt,
      page: analyticsEvents.page,
      properties: analyticsEvents.properties,
      user_properties: analyticsEvents.userProperties,
    })
    .from(analyticsEvents)
    .where(eq(analyticsEvents.userId, user.id))
    .orderBy(desc(analyticsEvents.occurredAt))
    .limit(input.limit);
  // Stored only after validation: the names and property shapes are the schema's.
  return rows.map((row) => ({
    ...row,
    name: row.name as AnalyticsEventName,
    properties: row.properties as Record<string, unknown>,
    user_properties: row.user_properties as Record<string, unknown>,
    occurred_at: row.occurred_at.toISOString(),
  }));
}
