import type { Database, Transaction } from "@kinderready/db/open-db";
import { type SQL, sql } from "drizzle-orm";
import { paidOrderStatusesSql } from "../payments/paid-orders.ts";
import { soldProduct } from "../product.ts";
import { dayRange, type ReportDays } from "./report-filters.ts";
import type { SubscriptionChangeRow } from "./subscription-series.ts";

/**
 * Each parent's subscription as a timeline, rebuilt from what is kept: the subscriptions table
 * holds only the current state, so the moments come from the orders (the first payment, paid
 * renewals, declined ones, a lifetime purchase) and from the subscription's cancellation and
 * period end. One row per parent who made a first payment (a sale, ADR 0046):
 *
 * - `started_at`: the first paid subscription order; its plan (trial days) says whether there was a trial.
 * - `paid_from`: when the parent began paying for periods: the first paid renewal (or
 *   reactivation) after a trial, the first payment itself for a plan without one.
 * - `ended_at`: when the subscription ended, once that moment has passed: a cancelled one at the
 *   end of the period it had (cancelling keeps access until then); one expired without
 *   a cancellation (dunning exhausted or a hard decline) at its last declined renewal. Until it
 *   ends, a subscription in dunning (past_due) is counted as it was before the failed charge.
 * - `lifetime_at`: the first paid lifetime order: from then on no renewals, so no MRR.
 * - `paid_until`: the first of `ended_at` and `lifetime_at` after `paid_from`.
 * - `trial_until`: a trial plan's trial lasts until the parent pays a period, ends or buys
 *   lifetime, whichever is first (a trial whose first renewal is in dunning is still a trial).
 *
 * Limits, since only the current state is kept: a subscription that ended and was later renewed
 * from the profile counts as active through the gap; the renewal amount and period are the
 * subscription's current ones, also for past days; a parent's second first payment (after one
 * lapsed) does not start a second timeline.
 */

/** A subscription's end as far as the current row and the orders can tell (see above). */
function endedAt(now: Date): SQL {
  const end = sql`case
      when s.status in ('cancelled', 'expired') and s.cancelled_at is not null then s.current_period_end
      when s.status = 'expired' then coalesce(p.last_decline_at, s.current_period_end)
    end`;
  return sql`case when ${end} <= ${now.toISOString()}::timestamptz then ${end} end`;
}

/**
 * The timelines as a common table expression named `timeline`, for `with ...`: the columns in
 * the comment above, plus `user_id`, `currency`, `trial_days`, `period_days`, `mrr` (minor units
 * a 30 days), `renewals_paid` and `first_refunded`; parents whose first payment is before `before`.
 */
function subscriptionTimelines(now: Date, before: Date): SQL {
  const paid = sql.raw(`status in (${paidOrderStatusesSql})`);
  const renewal = sql.raw(`purpose in ('renewal', 'reactivation')`);
  return sql`timeline as (
    with parent_orders as (
      select o.user_id,
        min(o.created_at) filter (where o.purpose = 'subscription' and o.${paid}) as started_at,
        -- The first payment was refunded when the first refunded one is the first paid one.
        min(o.created_at) filter (where o.purpose = 'subscription' and o.status = 'refunded') as refunded_at,
        max(pp.trial_days) filter (where o.purpose = 'subscription' and o.${paid}) as trial_days,
        min(o.created_at) filter (where o.${renewal} and o.${paid}) as first_renewal_at,
        count(*) filter (where o.${renewal} and o.${paid}) as renewals_paid,
        max(o.created_at) filter (where o.${renewal} and o.status = 'declined') as last_decline_at,
        min(o.created_at) filter (where o.purpose = 'lifetime' and o.${paid}) as lifetime_at
      from orders o
      join price_plans pp on pp.id = o.price_plan_id
      where o.purpose in ('subscription', 'renewal', 'reactivation', 'lifetime')
        and o.created_at < ${now.toISOString()}::timestamptz
      group by o.user_id
    ),
    moments as (
      select p.user_id, s.currency, p.started_at, p.refunded_at = p.started_at as first_refunded,
        p.renewals_paid::int as renewals_paid, coalesce(p.trial_days, 0) as trial_days, s.period_days,
        s.renewal_amount * 30.0 / s.period_days as mrr,
        case when coalesce(p.trial_days, 0) > 0 then p.first_renewal_at else p.started_at end as paid_from,
        ${endedAt(now)} as ended_at,
        p.lifetime_at
      from parent_orders p
      join subscriptions s on s.user_id = p.user_id and s.product = ${soldProduct}
      where p.started_at < ${before.toISOString()}::timestamptz
    )
    select m.*,
      case when m.paid_from is not null and coalesce(m.ended_at, m.lifetime_at) is not null
        then greatest(m.paid_from, least(m.ended_at, m.lifetime_at)) end as paid_until,
      case when m.trial_days > 0 then least(m.paid_from, m.ended_at, m.lifetime_at) end as trial_until
    from moments m
  )`;
}

/**
 * Rows of a raw query over every parent's timeline, on PGlite and node-postgres alike. Without
 * fresh statistics the planner takes the grouped orders for a handful of rows and nests loops
 * over thousands of parents (seconds, not milliseconds); joins of whole tables are hashed instead.
 */
async function selectRows<Row>(db: Database | Transaction, query: SQL): Promise<Row[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_nestloop = off`);
    const result = (await tx.execute(query)) as unknown as { rows: Row[] };
    return result.rows;
  });
}

/**
 * The moments each subscription changed, per currency, day (the range's UTC days; '' before the
 * range) and kind of change, counted with their MRR: the days up to `now` are added up from them.
 */
export async function readSubscriptionChangeRows(
  db: Database | Transaction,
  days: ReportDays,
  now: Date,
): Promise<SubscriptionChangeRow[]> {
  const { start, end } = dayRange(days);
  const until = end < now ? end : now;
  return selectRows<SubscriptionChangeRow>(
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
}

export type CohortRow = {
  week: string;
  week_start: string;
  currency: string;
  reached: number;
  paid: number;
  parents: number;
  trials_ended: number;
  converted: number;
  refunded: number;
  net: number;
};

/**
 * The parents whose first payment is in the days, by the ISO week of their first payment, the
 * currency and how far into the renewals they are: `reached` counts renewals due and past
 * `graceDays`, up to `maxRenewals`. Counts come as the driver gives them (strings or numbers).
 */
export async function readCohortRows(
  db: Database | Transaction,
  days: ReportDays,
  now: Date,
  rules: { maxRenewals: number; graceDays: number },
): Promise<CohortRow[]> {
  const { start, end } = dayRange(days);
  const at = now.toISOString();
  // The k-th renewal falls due at the end of the trial plus k - 1 periods (for a plan without a
  // trial, k periods after the first payment); `reached` counts those due and past their grace.
  const firstDue = sql`started_at + (case when trial_days > 0 then trial_days else period_days end) * interval '1 day'`;
  const settled = sql`${at}::timestamptz - ${rules.graceDays} * interval '1 day'`;
  return selectRows<CohortRow>(
    db,
    sql`
    with ${subscriptionTimelines(now, end)},
    cohort as (
      select user_id, currency, renewals_paid, trial_days, first_refunded, started_at,
        date_trunc('week', started_at at time zone 'UTC') as monday,
        case when ${firstDue} <= ${settled}
          then least(${rules.maxRenewals}, 1 + floor(extract(epoch from ${settled} - ${firstDue}) / (period_days * 86400))::int)
          else 0 end as reached
      from timeline
      where started_at >= ${start.toISOString()}::timestamptz
    ),
    revenue as (
      select l.user_id, sum(l.amount) as net
      from ledger_entries l join cohort c on c.user_id = l.user_id and c.currency = l.currency
      where l.type in ('charge', 'refund')
      group by l.user_id
    )
    select to_char(monday, 'IYYY-"W"IW') as week, to_char(monday, 'YYYY-MM-DD') as week_start, currency, reached,
      least(renewals_paid, reached) as paid,
      count(*)::int as parents,
      count(*) filter (where trial_days > 0
        and started_at + trial_days * interval '1 day' <= ${at}::timestamptz)::int as trials_ended,
      count(*) filter (where trial_days > 0 and renewals_paid > 0
        and started_at + trial_days * interval '1 day' <= ${at}::timestamptz)::int as converted,
      count(*) filter (where first_refunded)::int as refunded,
      coalesce(sum(revenue.net), 0)::float8 as net
    from cohort left join revenue using (user_id)
    group by 1, 2, 3, 4, 5
    order by 1, 3`,
  );
}
