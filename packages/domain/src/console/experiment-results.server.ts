import { orders, splitExposures } from "@kinderready/db/schema";
import { and, asc, count, eq, gte, sql } from "drizzle-orm";
import type { SplitDeps } from "../experiments/split-config.server.ts";
import { defaultGroup } from "../experiments/split-tests.ts";
import {
  chanceToBeatControl,
  checkSampleRatio,
  credibleInterval,
  differenceInterval,
  type Interval,
  type SampleRatioCheck,
} from "./experiment-statistics.ts";

// An experiment as the operator reads it: who was exposed in each group, who went on to buy,
// what they paid (per currency, never summed across currencies), and whether the variant beats
// the control. Counted in SQL over split_exposures and orders; the statistics are pure functions.

export type GroupOutcome = {
  group: string;
  exposed: number;
  purchased: number;
  conversionRate: number;
  /** 95% credible interval of the conversion rate. */
  interval: Interval;
  /** Revenue per exposed visitor, in minor units, per currency. */
  revenuePerVisitor: Record<string, number>;
  /** Against the control (group A); absent for the control itself. */
  versusControl?: { chanceToBeat: number; difference: Interval };
};

export type ExperimentResults = {
  split: string;
  /** Null when the split is no longer configured (its weights are unknown). */
  sampleRatio: SampleRatioCheck | null;
  groups: GroupOutcome[];
  daily: { day: string; group: string; exposed: number; purchased: number }[];
};

/**
 * A first payment approved after the exposure: the experiment's conversion. Written with an
 * alias because Drizzle leaves columns unqualified in a one-table select, and a correlated
 * subquery needs to tell the two user_id columns apart.
 */
const purchasedAfterExposure = sql<number>`count(*) filter (where exists (
  select 1 from ${orders} as paid
  where paid.user_id = ${splitExposures}.user_id
    and paid.purpose = 'subscription'
    and paid.status = 'approved'
    and paid.created_at >= ${splitExposures}.exposed_at))`.mapWith(Number);

export async function getExperimentResults(
  { db, splits: config }: SplitDeps,
  input: { split: string; since?: Date | undefined },
): Promise<ExperimentResults> {
  const inSplit = and(
    eq(splitExposures.splitName, input.split),
    input.since ? gte(splitExposures.exposedAt, input.since) : undefined,
  );
  const day = sql<string>`to_char(date_trunc('day', ${splitExposures.exposedAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const [totals, revenue, daily, splits] = await Promise.all([
    db
      .select({ group: splitExposures.group, exposed: count(), purchased: purchasedAfterExposure })
      .from(splitExposures)
      .where(inSplit)
      .groupBy(splitExposures.group)
      .orderBy(asc(splitExposures.group)),
    // Everything a parent paid after the exposure: first payment, renewals and upsells.
    db
      .select({
        group: splitExposures.group,
        currency: orders.currency,
        amount: sql<number>`sum(${orders.amount})`.mapWith(Number),
      })
      .from(splitExposures)
      .innerJoin(orders, eq(orders.userId, splitExposures.userId))
      .where(and(inSplit, eq(orders.status, "approved"), gte(orders.createdAt, splitExposures.exposedAt)))
      .groupBy(splitExposures.group, orders.currency),
    db
      .select({ day, group: splitExposures.group, exposed: count(), purchased: purchasedAfterExposure })
      .from(splitExposures)
      .where(inSplit)
      .groupBy(day, splitExposures.group)
      .orderBy(asc(day), asc(splitExposures.group)),
    config.current(),
  ]);

  const configured = splits.find((split) => split.name === input.split);
  const weightOf = (group: string) => configured?.groups.find((candidate) => candidate.name === group)?.weight;
  const weights = totals.map((row) => weightOf(row.group));
  const sampleRatio =
    totals.length >= 2 && weights.every((weight) => weight !== undefined)
      ? checkSampleRatio(
          totals.map((row) => row.exposed),
          weights as number[],
        )
      : null;

  const control = totals.find((row) => row.group === defaultGroup);
  const asResult = (row: { exposed: number; purchased: number }) => ({
    visitors: row.exposed,
    conversions: row.purchased,
  });
  const groups = totals.map((row): GroupOutcome => {
    const revenuePerVisitor = Object.fromEntries(
      revenue
        .filter((entry) => entry.group === row.group)
        .map((entry) => [entry.currency, Math.round(entry.amount / row.exposed)]),
    );
    return {
      group: row.group,
      exposed: row.exposed,
      purchased: row.purchased,
      conversionRate: row.exposed ? row.purchased / row.exposed : 0,
      interval: credibleInterval(asResult(row)),
      revenuePerVisitor,
      ...(control &&
        row.group !== defaultGroup && {
          versusControl: {
            chanceToBeat: chanceToBeatControl(asResult(control), asResult(row)),
            difference: differenceInterval(asResult(control), asResult(row)),
          },
        }),
    };
  });
  return { split: input.split, sampleRatio, groups, daily };
}
