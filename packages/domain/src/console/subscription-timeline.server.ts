import type { Database } from "@kinderready/db/open-db";
import { type SQL, sql } from "drizzle-orm";
import { paidOrderStatusesSql } from "../payments/paid-orders.ts";
import { soldProduct } from "../product.ts";

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
export function subscriptionTimelines(now: Date, before: Date): SQL {
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
export async function selectRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_nestloop = off`);
    const result = (await tx.execute(query)) as unknown as { rows: Row[] };
    return result.rows;
  });
}
