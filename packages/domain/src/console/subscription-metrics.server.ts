import type { Database } from "@kinderready/db/open-db";
import { sql } from "drizzle-orm";
import { dayRange, type ReportDays } from "./report-filters.ts";
import {
  buildSubscriptionSeries,
  type ChurnSummary,
  daysUpTo,
  type SubscriptionChangeRow,
  type SubscriptionDay,
} from "./subscription-series.ts";
import { selectRows, subscriptionTimelines } from "./subscription-timeline.server.ts";

/**
 * The revenue page's subscription figures over a range of UTC days, per currency: active
 * subscribers, in trial and lifetime at the end of each day, MRR, new paid and churned each day,
 * and the range's churn rate. One query collects the moments each subscription changed
 * (subscription-timeline.server.ts); the days are added up from them (subscription-series.ts).
 */

export type SubscriptionMetrics = { daily: SubscriptionDay[]; churn: ChurnSummary[] };

export async function getSubscriptionMetrics(db: Database, days: ReportDays, now: Date): Promise<SubscriptionMetrics> {
  const { start, end } = dayRange(days);
  const until = end < now ? end : now;
  const rows = await selectRows<SubscriptionChangeRow>(
    db,
    sql`
    with ${subscriptionTimelines(now, until)}
    select currency,
      case when at < ${start.toISOString()}::timestamptz then ''
        else to_char(at at time zone 'UTC', 'YYYY-MM-DD') end as day,
      kind, count(*)::int as subscriptions, coalesce(sum(mrr), 0)::float8 as mrr
    from (
      select currency, paid_from as at, 'paid' as kind, mrr from timeline
        where paid_from is not null
      union all select currency, paid_until, 'unpaid', mrr from timeline where paid_until is not null
      -- Churned: a paying subscription that ended (not one that moved to lifetime).
      union all select currency, ended_at, 'churned', 0 from timeline
        where paid_from is not null and ended_at is not null and ended_at = paid_until
          and (lifetime_at is null or lifetime_at > ended_at)
      union all select currency, started_at, 'trial', 0 from timeline where trial_days > 0
      union all select currency, trial_until, 'trialOver', 0 from timeline where trial_until is not null
      union all select currency, lifetime_at, 'lifetime', 0 from timeline where lifetime_at is not null
    ) as change
    where at < ${until.toISOString()}::timestamptz
    group by 1, 2, 3`,
  );
  return buildSubscriptionSeries(
    rows.map((row) => ({ ...row, subscriptions: Number(row.subscriptions), mrr: Number(row.mrr) })),
    daysUpTo(days, now),
  );
}
