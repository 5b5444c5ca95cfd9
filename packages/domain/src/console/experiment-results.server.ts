import { funnelVisitors, ledgerEntries, orders, pricePlans, splitExposures, users } from "@kinderready/db/schema";
import { and, asc, count, eq, gte, inArray, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { SplitDeps } from "../experiments/split-config.server.ts";
import { listSplitPhases, type SplitPhase, splitPhaseSchema } from "../experiments/split-phases.server.ts";
import { paidOrderStatuses, paidOrderStatusesSql } from "../payments/paid-orders.ts";
import { currencyFor } from "../pricing/currency.ts";
import { upsellKind } from "../upsell-wire.ts";
import { checkPhaseSampleRatio, compareWithControl, credibleInterval, hasEnoughData } from "./experiment-statistics.ts";

// An experiment as the operator reads it, one phase at a time: who was exposed in each
// configured group, who went on to buy (ADR 0046: a parent's first subscription payment that is
// a sale, refunded or not, made at or after the exposure), the guardrails beside it, net revenue
// per exposed visitor in each currency, the sample-ratio check against the phase's weights, and
// each group against the control. Counted in SQL over split_exposures, users and orders (and the
// ledger for money); the statistics are pure functions.

export const experimentSegmentSchema = z.object({
  country: z.string().min(2).max(8).optional(),
  locale: z.string().min(2).max(16).optional(),
  device: z.string().min(1).max(20).optional(),
});
export type ExperimentSegment = z.infer<typeof experimentSegmentSchema>;

const interval = z.object({ low: z.number(), high: z.number() });

const currencyRevenueSchema = z.object({
  currency: z.string(),
  /** Charges less refunds, in minor units, paid after the exposure. */
  net: z.number(),
  /** Exposed parents who were offered this currency (by their country; no country: the default). */
  visitors: z.number(),
  /** Net revenue per such visitor, in minor units; null when none was offered it. */
  perVisitor: z.number().nullable(),
});

const groupOutcomeSchema = z.object({
  group: z.string(),
  /** The group's weight in the phase; null when the weights are unknown or it was not configured. */
  weight: z.number().nullable(),
  exposed: z.number(),
  purchased: z.number(),
  conversionRate: z.number(),
  /** 95% credible interval of the conversion rate. */
  interval,
  /** Refunded purchases / purchases; parents with an upsell sale / purchasers; renewed / trial ended. */
  guardrails: z.object({
    refundRate: z.number().nullable(),
    upsellTake: z.number().nullable(),
    firstRenewal: z.number().nullable(),
  }),
  revenue: z.array(currencyRevenueSchema),
  /**
   * Against the control; absent for the control itself. `enough` is false below the minimum
   * sample (experiment-statistics.ts): no verdict then, only the counts.
   */
  versusControl: z
    .discriminatedUnion("enough", [
      z.object({
        enough: z.literal(true),
        chanceToBeat: z.number(),
        expectedLoss: z.object({ choosingVariant: z.number(), keepingControl: z.number() }),
        difference: z.object({ estimate: z.number(), interval }),
        uplift: z.object({ estimate: z.number().nullable(), interval }),
      }),
      z.object({ enough: z.literal(false) }),
    ])
    .optional(),
});
export type GroupOutcome = z.infer<typeof groupOutcomeSchema>;

const sampleRatioSchema = z.discriminatedUnion("state", [
  z.object({ state: z.literal("too-few"), total: z.number() }),
  z.object({
    state: z.enum(["ok", "mismatch"]),
    test: z
      .object({ statistic: z.number(), degrees: z.number(), pValue: z.number(), mismatch: z.boolean() })
      .nullable(),
    unexpected: z.array(z.string()),
  }),
]);

/** An experiment's results, as the console and the API answer them. */
export const experimentResultsSchema = z.object({
  split: z.string(),
  /** Every phase of the split, oldest first; `phase` is the one read. */
  phases: z.array(splitPhaseSchema),
  phase: splitPhaseSchema,
  control: z.string(),
  /** Null when the phase's weights are unknown. Always over the whole phase, whatever the segment. */
  sampleRatio: sampleRatioSchema.nullable(),
  segment: experimentSegmentSchema,
  /** The values the segment filters can take in this split. */
  segments: z.object({ countries: z.array(z.string()), locales: z.array(z.string()), devices: z.array(z.string()) }),
  groups: z.array(groupOutcomeSchema),
  daily: z.array(z.object({ day: z.string(), group: z.string(), exposed: z.number(), purchased: z.number() })),
});
export type ExperimentResults = z.infer<typeof experimentResultsSchema>;

/**
 * The split's other processes read the configuration through a cache of up to a second
 * (split-config.server.ts), so a parent placed in the first second of a phase may have been
 * placed by the weights before it: exposures that early in a weight-0 group are not counted
 * as impossible ones.
 */
const settleSeconds = 1;

const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);

export async function getExperimentResults(
  { db, splits: config }: SplitDeps,
  input: { split: string; phase?: string | undefined; segment?: ExperimentSegment; now?: Date },
): Promise<ExperimentResults> {
  const now = input.now ?? new Date();
  const segment = input.segment ?? {};
  await config.reconcilePhases();
  const current = (await config.current()).find((split) => split.name === input.split);
  const phases = await listSplitPhases(db, { split: input.split, current });
  const phase = phases.find((candidate) => candidate.id === input.phase) ?? (phases.at(-1) as SplitPhase);

  const inPhase = and(
    eq(splitExposures.splitName, input.split),
    phase.startedAt ? gte(splitExposures.exposedAt, phase.startedAt) : undefined,
    phase.endedAt ? lt(splitExposures.exposedAt, phase.endedAt) : undefined,
  );
  const inSegment = and(
    inPhase,
    segment.country ? eq(users.countryCode, segment.country) : undefined,
    segment.locale ? eq(users.locale, segment.locale) : undefined,
    // A parent is on a device when any browser of theirs the funnel saw was one.
    segment.device
      ? sql`exists (select 1 from ${funnelVisitors} where ${funnelVisitors.userId} = ${splitExposures.userId}
          and ${funnelVisitors.device} = ${segment.device})`
      : undefined,
  );

  // Each parent's first subscription sale (ADR 0046), with the trial its plan gave.
  const firstSale = db
    .selectDistinctOn([orders.userId], {
      userId: sql<string>`${orders.userId}`.as("first_user_id"),
      paidAt: sql<Date>`${orders.createdAt}`.as("first_paid_at"),
      refunded: sql<boolean>`${orders.status} = 'refunded'`.as("first_refunded"),
      trialEndsAt: sql<Date>`${orders.createdAt} + coalesce(${pricePlans.trialDays}, 0) * interval '1 day'`.as(
        "first_trial_end",
      ),
    })
    .from(orders)
    .innerJoin(pricePlans, eq(pricePlans.id, orders.pricePlanId))
    .where(and(eq(orders.purpose, "subscription"), inArray(orders.status, [...paidOrderStatuses])))
    .orderBy(orders.userId, orders.createdAt, orders.id)
    .as("first_sale");
  const paid = sql.raw(paidOrderStatusesSql);
  const purchased = sql`${firstSale.paidAt} >= ${splitExposures.exposedAt}`;
  const upsold = sql`${purchased} and exists (select 1 from ${orders} as upsell
    where upsell.user_id = ${splitExposures.userId} and upsell.purpose in (${upsellKind}, 'lifetime')
      and upsell.status in (${paid}) and upsell.created_at >= ${splitExposures.exposedAt})`;
  const trialEnded = sql`${purchased} and ${firstSale.trialEndsAt} <= ${now.toISOString()}::timestamptz`;
  const renewed = sql`${trialEnded} and exists (select 1 from ${orders} as renewal
    where renewal.user_id = ${splitExposures.userId} and renewal.purpose = 'renewal'
      and renewal.status in (${paid}) and renewal.created_at >= ${firstSale.paidAt})`;
  const counted = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
  const day = sql<string>`to_char(date_trunc('day', ${splitExposures.exposedAt} at time zone 'UTC'), 'YYYY-MM-DD')`;

  const [phaseCounts, totals, byCountry, money, daily, options] = await Promise.all([
    db
      .select({
        group: splitExposures.group,
        exposed: count(),
        settled: counted(
          sql`${splitExposures.exposedAt} >= ${phase.startedAt?.toISOString() ?? "-infinity"}::timestamptz + ${settleSeconds} * interval '1 second'`,
        ),
      })
      .from(splitExposures)
      .where(inPhase)
      .groupBy(splitExposures.group),
    db
      .select({
        group: splitExposures.group,
        exposed: count(),
        purchased: counted(purchased),
        refunded: counted(sql`${purchased} and ${firstSale.refunded}`),
        upsold: counted(upsold),
        trialEnded: counted(trialEnded),
        renewed: counted(renewed),
      })
      .from(splitExposures)
      .innerJoin(users, eq(users.id, splitExposures.userId))
      .leftJoin(firstSale, eq(firstSale.userId, splitExposures.userId))
      .where(inSegment)
      .groupBy(splitExposures.group),
    db
      .select({ group: splitExposures.group, country: users.countryCode, exposed: count() })
      .from(splitExposures)
      .innerJoin(users, eq(users.id, splitExposures.userId))
      .where(inSegment)
      .groupBy(splitExposures.group, users.countryCode),
    // Net revenue: every charge less every refund in the ledger of the orders a parent made at or
    // after the exposure (first payment, renewals, upsells), in the currency it was paid in.
    db
      .select({
        group: splitExposures.group,
        currency: sql<string>`${ledgerEntries.currency}`,
        net: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)`.mapWith(Number),
      })
      .from(splitExposures)
      .innerJoin(users, eq(users.id, splitExposures.userId))
      .innerJoin(orders, and(eq(orders.userId, splitExposures.userId), gte(orders.createdAt, splitExposures.exposedAt)))
      // By the parent first: the ledger is indexed by parent, not by order.
      .innerJoin(
        ledgerEntries,
        and(eq(ledgerEntries.userId, splitExposures.userId), eq(ledgerEntries.orderId, orders.orderId)),
      )
      .where(and(inSegment, inArray(ledgerEntries.type, ["charge", "refund"]), isNotNull(ledgerEntries.currency)))
      .groupBy(splitExposures.group, ledgerEntries.currency),
    db
      .select({ day, group: splitExposures.group, exposed: count(), purchased: counted(purchased) })
      .from(splitExposures)
      .innerJoin(users, eq(users.id, splitExposures.userId))
      .leftJoin(firstSale, eq(firstSale.userId, splitExposures.userId))
      .where(inSegment)
      .groupBy(day, splitExposures.group)
      .orderBy(asc(day), asc(splitExposures.group)),
    segmentOptions(db, input.split),
  ]);

  // Every group the phase configured, in its order, then any other group someone landed in.
  const configured = phase.groups ?? [];
  const names = [
    ...configured.map((group) => group.name),
    ...totals
      .map((row) => row.group)
      .filter((group) => !configured.some((candidate) => candidate.name === group))
      .sort(),
  ];
  const sampleRatio = phase.groups
    ? checkPhaseSampleRatio(
        [
          ...phase.groups.map((group) => {
            const row = phaseCounts.find((entry) => entry.group === group.name);
            const observed = group.weight > 0 && phase.running ? row?.exposed : row?.settled;
            return { group: group.name, weight: group.weight, observed: observed ?? 0 };
          }),
          ...phaseCounts
            .filter((row) => !phase.groups?.some((group) => group.name === row.group))
            .map((row) => ({ group: row.group, weight: 0, observed: row.settled })),
        ],
        phase.running,
      )
    : null;

  const resultOf = (group: string) => {
    const row = totals.find((entry) => entry.group === group);
    return { visitors: row?.exposed ?? 0, conversions: row?.purchased ?? 0 };
  };
  const control = phase.control;
  const groups = names.map((name): GroupOutcome => {
    const row = totals.find((entry) => entry.group === name);
    const exposed = row?.exposed ?? 0;
    const purchases = row?.purchased ?? 0;
    const offered = new Map<string, number>();
    for (const entry of byCountry.filter((candidate) => candidate.group === name)) {
      const currency = currencyFor(entry.country ?? undefined);
      offered.set(currency, (offered.get(currency) ?? 0) + entry.exposed);
    }
    const earned = money.filter((entry) => entry.group === name);
    const currencies = [...new Set([...offered.keys(), ...earned.map((entry) => entry.currency)])].sort();
    const versus = (): GroupOutcome["versusControl"] => {
      if (name === control) return undefined;
      const base = resultOf(control);
      const variant = resultOf(name);
      return hasEnoughData(base, variant) ? { enough: true, ...compareWithControl(base, variant) } : { enough: false };
    };
    const versusControl = versus();
    return {
      group: name,
      weight: configured.find((group) => group.name === name)?.weight ?? null,
      exposed,
      purchased: purchases,
      conversionRate: exposed ? purchases / exposed : 0,
      interval: credibleInterval(resultOf(name)),
      guardrails: {
        refundRate: share(row?.refunded ?? 0, purchases),
        upsellTake: share(row?.upsold ?? 0, purchases),
        firstRenewal: share(row?.renewed ?? 0, row?.trialEnded ?? 0),
      },
      revenue: currencies.map((currency) => {
        const net = earned.find((entry) => entry.currency === currency)?.net ?? 0;
        const visitors = offered.get(currency) ?? 0;
        return { currency, net, visitors, perVisitor: visitors > 0 ? Math.round(net / visitors) : null };
      }),
      ...(versusControl && { versusControl }),
    };
  });
  return { split: input.split, phases, phase, control, sampleRatio, segment, segments: options, groups, daily };
}

/** The countries, languages and devices of the split's exposed parents, for the filters. */
async function segmentOptions(db: SplitDeps["db"], split: string): Promise<ExperimentResults["segments"]> {
  const ofSplit = eq(splitExposures.splitName, split);
  const [countries, locales, devices] = await Promise.all([
    db
      .selectDistinct({ value: sql<string>`${users.countryCode}` })
      .from(splitExposures)
      .innerJoin(users, eq(users.id, splitExposures.userId))
      .where(and(ofSplit, isNotNull(users.countryCode))),
    db
      .selectDistinct({ value: users.locale })
      .from(splitExposures)
      .innerJoin(users, eq(users.id, splitExposures.userId))
      .where(ofSplit),
    db
      .selectDistinct({ value: sql<string>`${funnelVisitors.device}` })
      .from(splitExposures)
      .innerJoin(funnelVisitors, eq(funnelVisitors.userId, splitExposures.userId))
      .where(and(ofSplit, isNotNull(funnelVisitors.device))),
  ]);
  const sorted = (rows: { value: string }[]) => rows.map((row) => row.value).sort();
  return { countries: sorted(countries), locales: sorted(locales), devices: sorted(devices) };
}
