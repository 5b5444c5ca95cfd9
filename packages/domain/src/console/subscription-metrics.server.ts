import type { Database } from "@kinderready/db/open-db";
import type { ReportDays } from "./report-filters.ts";
import { buildSubscriptionSeries, type ChurnSummary, daysUpTo, type SubscriptionDay } from "./subscription-series.ts";
import { readSubscriptionChangeRows } from "./subscription-timeline-queries.server.ts";

/**
 * The revenue page's subscription figures over a range of UTC days, per currency: active
 * subscribers, in trial and lifetime at the end of each day, MRR, new paid and churned each day,
 * and the range's churn rate. One query collects the moments each subscription changed
 * (subscription-timeline-queries.server.ts); the days are added up from them (subscription-series.ts).
 */

export type SubscriptionMetrics = { daily: SubscriptionDay[]; churn: ChurnSummary[] };

export async function getSubscriptionMetrics(
  deps: { db: Database },
  days: ReportDays,
  now: Date,
): Promise<SubscriptionMetrics> {
  const rows = await readSubscriptionChangeRows(deps.db, days, now);
  return buildSubscriptionSeries(
    rows.map((row) => ({ ...row, subscriptions: Number(row.subscriptions), mrr: Number(row.mrr) })),
    daysUpTo(days, now),
  );
}
