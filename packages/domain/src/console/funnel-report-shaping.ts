import { funnelSteps } from "../analytics/funnel-steps.ts";
import type { DroppedVisitor, FunnelReport, FunnelStepRow } from "./funnel-report.server.ts";
import {
  dayRange,
  defaultFunnelWindow,
  type FunnelDimension,
  type FunnelFilters,
  type FunnelQuery,
  type FunnelWindow,
} from "./report-filters.ts";

// The funnel report from its rows (funnel-report-queries.server.ts): which steps are read, the
// periods compared, each step's totals and rates, the times to convert, the days, the filters'
// choices, the breakdown and who dropped off. No I/O: every figure here is plain arithmetic.

/** A step of the funnel as the report reads it: its bit (`index`) and how many required steps come before it. */
export type FunnelChainStep = (typeof funnelSteps)[number] & { index: number; requiredBefore: number };

/** What one report reads: the window, the steps, the range and the period before it, the breakdown and drop-offs. */
export type FunnelPlan = {
  windowDays: FunnelWindow;
  chain: FunnelChainStep[];
  /** The range's first instant and the instant after its last day. */
  start: Date;
  end: Date;
  /** The period compared with: as many days, just before the range. */
  previous: { start: Date; days: { from: string; to: string } };
  breakdown: FunnelDimension | undefined;
  /** The step whose drop-offs are listed: never the first one, which has no step before it. */
  droppedStep: FunnelChainStep | undefined;
};

/** Each chain step's visitors, in the column named after the step's bit: `s<index>`. */
export type StepCounts = { [column: `s${number}`]: number };

/** One UTC day of the range ("current") or of the period before ("previous"). */
export type FunnelDayRow = StepCounts & {
  period: string;
  day: string;
  visitors: number;
  purchases: number;
  /** The buyers' seconds from the first visit to the first payment. */
  convertSeconds: (number | string)[] | null;
};

/** Visitors by one value of the country, the campaign or the source: `set` is grouping()'s mask of the others. */
export type FunnelChoiceRow = {
  country: string | null;
  utmSource: string | null;
  utmCampaign: string | null;
  set: number;
  visitors: number;
};

/** One value of the breakdown's dimension. */
export type FunnelBreakdownRow = StepCounts & { value: string | null };

export type DroppedVisitorRow = Omit<DroppedVisitor, "firstSeenAt" | "lastSeenAt"> & {
  firstSeenAt: Date;
  lastSeenAt: Date;
};

export type FunnelRows = {
  byDay: FunnelDayRow[];
  choiceRows: FunnelChoiceRow[];
  /** Null without a breakdown. */
  breakdownRows: FunnelBreakdownRow[] | null;
  /** Null without a step to list drop-offs at. */
  droppedRows: DroppedVisitorRow[] | null;
};

/** The funnel's steps as the page reads them: every step, or only the key ones. */
export function chainOf(view: "all" | "key"): FunnelChainStep[] {
  const chain = funnelSteps.map((step, index) => ({ ...step, index })).filter((step) => view === "all" || step.key);
  // For each step: how many required steps come before it in the chain.
  let required = 0;
  return chain.map((step) => {
    const entry = { ...step, requiredBefore: required };
    if (!step.optional) required += 1;
    return entry;
  });
}

/** The day range just before, as many days long. */
export function previousRange(start: Date, end: Date): FunnelPlan["previous"] {
  const length = end.getTime() - start.getTime();
  const previousStart = new Date(start.getTime() - length);
  const lastDay = new Date(start.getTime() - 86_400_000);
  return {
    start: previousStart,
    days: { from: previousStart.toISOString().slice(0, 10), to: lastDay.toISOString().slice(0, 10) },
  };
}

export function planFunnel(query: FunnelFilters & Partial<FunnelQuery>): FunnelPlan {
  const chain = chainOf(query.steps ?? "all");
  const { start, end } = dayRange(query);
  return {
    windowDays: query.window ?? defaultFunnelWindow,
    chain,
    start,
    end,
    previous: previousRange(start, end),
    breakdown: query.breakdown,
    // The first step has no step before it to drop from.
    droppedStep: chain.find((step) => step.id === query.dropped && (step.optional || step.requiredBefore > 0)),
  };
}

/** A percentile of sorted values, interpolated between the two nearest (PostgreSQL's percentile_cont), in whole units. */
export function percentile(sorted: readonly number[], fraction: number): number | null {
  if (sorted.length === 0) return null;
  const position = fraction * (sorted.length - 1);
  const below = sorted[Math.floor(position)] ?? 0;
  const above = sorted[Math.ceil(position)] ?? below;
  return Math.round(below + (above - below) * (position - Math.floor(position)));
}

/** A row's visitors at each step of the chain, in the chain's order; none without a row. */
export function stepCountsOf(chain: readonly FunnelChainStep[], row: StepCounts | undefined): number[] {
  return chain.map((step) => Number(row?.[`s${step.index}`] ?? 0));
}

/** A period's visitors at each step: its days added up (each visitor has one first day). */
export function periodTotals(
  chain: readonly FunnelChainStep[],
  byDay: readonly FunnelDayRow[],
  period: "current" | "previous",
): number[] {
  const sums = stepCountsOf(chain, undefined);
  for (const row of byDay) {
    if (row.period !== period) continue;
    for (const [position, count] of stepCountsOf(chain, row).entries()) sums[position] = (sums[position] ?? 0) + count;
  }
  return sums;
}

/** Each step's visitors with its rates from the previous required step and from the start, beside the period before. */
export function funnelStepRows(
  chain: readonly FunnelChainStep[],
  counts: readonly number[],
  previousCounts: readonly number[],
): FunnelStepRow[] {
  const first = counts[0] ?? 0;
  const previousFirst = previousCounts[0] ?? 0;
  let lastRequired: number | null = null;
  return chain.map((step, position): FunnelStepRow => {
    const visitors = counts[position] ?? 0;
    const before = lastRequired === null ? null : (counts[lastRequired] ?? 0);
    if (!step.optional) lastRequired = position;
    const previousVisitors = previousCounts[position] ?? 0;
    return {
      id: step.id,
      optional: step.optional === true,
      visitors,
      // No one at the step before: no rate to speak of.
      fromPrevious: before ? visitors / before : null,
      fromStart: first ? visitors / first : 0,
      previous: { visitors: previousVisitors, fromStart: previousFirst ? previousVisitors / previousFirst : 0 },
    };
  });
}

/** Who reached the step before `step` and not `step`: how many in all, and the latest ones read. */
export function droppedAtStep(
  chain: readonly FunnelChainStep[],
  step: FunnelChainStep,
  counts: readonly number[],
  inRange: readonly FunnelDayRow[],
  rows: readonly DroppedVisitorRow[],
): NonNullable<FunnelReport["dropped"]> {
  // The count at the step before less this step's; before the first required step, every visitor.
  const position = chain.indexOf(step);
  const before = chain.slice(0, position).findLastIndex((candidate) => !candidate.optional);
  const reachedBefore = before < 0 ? inRange.reduce((sum, row) => sum + row.visitors, 0) : (counts[before] ?? 0);
  return {
    step: step.id,
    total: reachedBefore - (counts[position] ?? 0),
    visitors: rows.map((row) => ({
      ...row,
      firstSeenAt: row.firstSeenAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
    })),
  };
}

/** How many bought in the range, and the median and 90th percentile of their seconds to convert. */
export function timeToConvert(inRange: readonly FunnelDayRow[]): FunnelReport["timeToConvert"] {
  const convertTimes = inRange.flatMap((row) => (row.convertSeconds ?? []).map(Number)).sort((a, b) => a - b);
  return {
    converters: convertTimes.length,
    medianSeconds: percentile(convertTimes, 0.5),
    p90Seconds: percentile(convertTimes, 0.9),
  };
}

/** The range's visitors and buyers by day, earliest first. */
export function dailyFunnel(inRange: readonly FunnelDayRow[]): FunnelReport["daily"] {
  return [...inRange]
    .sort((a, b) => a.day.localeCompare(b.day))
    .map((row) => ({ day: row.day, visitors: row.visitors, purchases: row.purchases }));
}

/** The 50 values of one grouping set with most visitors (ties by value), unknown values left out. */
function topValues(
  rows: readonly FunnelChoiceRow[],
  set: number,
  pick: (row: FunnelChoiceRow) => string | null,
): string[] {
  return rows
    .filter((row) => row.set === set && pick(row) !== null)
    .sort((a, b) => b.visitors - a.visitors || String(pick(a)).localeCompare(String(pick(b))))
    .slice(0, 50)
    .map((row) => pick(row) as string);
}

/** The countries, sources and campaigns the filters offer. */
export function filterChoices(rows: readonly FunnelChoiceRow[]): FunnelReport["choices"] {
  // grouping(a, b, c) is a bit mask of the columns left out: 0b011 is the country's set, and so on.
  return {
    countries: topValues(rows, 0b011, (row) => row.country),
    utmSources: topValues(rows, 0b101, (row) => row.utmSource),
    utmCampaigns: topValues(rows, 0b110, (row) => row.utmCampaign),
  };
}

export function shapeFunnelReport(plan: FunnelPlan, rows: FunnelRows): FunnelReport {
  const { chain, breakdown, droppedStep } = plan;
  const counts = periodTotals(chain, rows.byDay, "current");
  const inRange = rows.byDay.filter((row) => row.period === "current");
  return {
    windowDays: plan.windowDays,
    steps: funnelStepRows(chain, counts, periodTotals(chain, rows.byDay, "previous")),
    previousPeriod: plan.previous.days,
    timeToConvert: timeToConvert(inRange),
    daily: dailyFunnel(inRange),
    choices: filterChoices(rows.choiceRows),
    breakdown:
      breakdown && rows.breakdownRows
        ? {
            dimension: breakdown,
            steps: chain.map((step) => step.id),
            rows: rows.breakdownRows.map((row) => ({ value: row.value, counts: stepCountsOf(chain, row) })),
          }
        : null,
    dropped:
      droppedStep && rows.droppedRows ? droppedAtStep(chain, droppedStep, counts, inRange, rows.droppedRows) : null,
  };
}
