import type { SplitPhase } from "../experiments/split-phases.server.ts";
import { currencyFor } from "../pricing/currency.ts";
import type { ExperimentResults, ExperimentSegment, GroupOutcome } from "./experiment-results.server.ts";
import {
  checkPhaseSampleRatio,
  compareWithControl,
  credibleInterval,
  type GroupResult,
  hasEnoughData,
} from "./experiment-statistics.ts";

// An experiment's results from its rows (experiment-results-queries.server.ts): the groups in
// the phase's order, the sample-ratio check against its weights, each group's conversion,
// guardrails and net revenue per visitor in each currency, and each group against the control.
// No I/O: the statistics are the pure functions of experiment-statistics.ts.

/** Exposures in the whole phase by group; `settled`: those after the first second of the phase. */
export type PhaseCountRow = { group: string; exposed: number; settled: number };

/** A group's exposed parents in the segment, and how many of them bought, were refunded, took an upsell, renewed. */
export type GroupTotalsRow = {
  group: string;
  exposed: number;
  purchased: number;
  refunded: number;
  upsold: number;
  trialEnded: number;
  renewed: number;
};

export type ExposedByCountryRow = { group: string; country: string | null; exposed: number };

/** Charges less refunds after the exposure, in minor units of one currency. */
export type NetRevenueRow = { group: string; currency: string; net: number };

export type SegmentOptionRows = Record<keyof ExperimentResults["segments"], { value: string }[]>;

export type ExperimentRows = {
  phaseCounts: PhaseCountRow[];
  totals: GroupTotalsRow[];
  byCountry: ExposedByCountryRow[];
  money: NetRevenueRow[];
  daily: ExperimentResults["daily"];
  options: SegmentOptionRows;
};

const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** Every group the phase configured, in its order, then any other group someone landed in, by name. */
export function groupNames(phase: SplitPhase, totals: readonly GroupTotalsRow[]): string[] {
  const configured = phase.groups ?? [];
  return [
    ...configured.map((group) => group.name),
    ...totals
      .map((row) => row.group)
      .filter((group) => !configured.some((candidate) => candidate.name === group))
      .sort(),
  ];
}

/**
 * The sample-ratio check over the whole phase; null when its weights are unknown. A group of
 * weight 0, or a phase no longer running, is counted from its settled exposures only, and a group
 * the phase did not configure counts as one of weight 0.
 */
export function sampleRatioOf(
  phase: SplitPhase,
  phaseCounts: readonly PhaseCountRow[],
): ExperimentResults["sampleRatio"] {
  if (!phase.groups) return null;
  return checkPhaseSampleRatio(
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
  );
}

/**
 * A group's net revenue in each currency it was offered or paid in, by name, over the exposed
 * parents offered that currency (by their country; no country: the default).
 */
export function revenueOf(
  group: string,
  byCountry: readonly ExposedByCountryRow[],
  money: readonly NetRevenueRow[],
): GroupOutcome["revenue"] {
  const offered = new Map<string, number>();
  for (const entry of byCountry.filter((candidate) => candidate.group === group)) {
    const currency = currencyFor(entry.country ?? undefined);
    offered.set(currency, (offered.get(currency) ?? 0) + entry.exposed);
  }
  const earned = money.filter((entry) => entry.group === group);
  const currencies = [...new Set([...offered.keys(), ...earned.map((entry) => entry.currency)])].sort();
  return currencies.map((currency) => {
    const net = earned.find((entry) => entry.currency === currency)?.net ?? 0;
    const visitors = offered.get(currency) ?? 0;
    return { currency, net, visitors, perVisitor: visitors > 0 ? Math.round(net / visitors) : null };
  });
}

/** A group's exposed parents and purchases, as the statistics read them (none for a group no one landed in). */
function resultOf(totals: readonly GroupTotalsRow[], group: string): GroupResult {
  const row = totals.find((entry) => entry.group === group);
  return { visitors: row?.exposed ?? 0, conversions: row?.purchased ?? 0 };
}

/** A group against the control: undefined for the control itself, no verdict below the minimum sample. */
export function versusControl(
  totals: readonly GroupTotalsRow[],
  group: string,
  control: string,
): GroupOutcome["versusControl"] {
  if (group === control) return undefined;
  const base = resultOf(totals, control);
  const variant = resultOf(totals, group);
  return hasEnoughData(base, variant) ? { enough: true, ...compareWithControl(base, variant) } : { enough: false };
}

export function groupOutcome(phase: SplitPhase, name: string, rows: ExperimentRows): GroupOutcome {
  const row = rows.totals.find((entry) => entry.group === name);
  const exposed = row?.exposed ?? 0;
  const purchases = row?.purchased ?? 0;
  const versus = versusControl(rows.totals, name, phase.control);
  return {
    group: name,
    weight: phase.groups?.find((group) => group.name === name)?.weight ?? null,
    exposed,
    purchased: purchases,
    conversionRate: exposed ? purchases / exposed : 0,
    interval: credibleInterval(resultOf(rows.totals, name)),
    guardrails: {
      refundRate: share(row?.refunded ?? 0, purchases),
      upsellTake: share(row?.upsold ?? 0, purchases),
      firstRenewal: share(row?.renewed ?? 0, row?.trialEnded ?? 0),
    },
    revenue: revenueOf(name, rows.byCountry, rows.money),
    ...(versus && { versusControl: versus }),
  };
}

/** The values each segment filter can take, sorted. */
export function segmentChoices(options: SegmentOptionRows): ExperimentResults["segments"] {
  const sorted = (rows: { value: string }[]) => rows.map((row) => row.value).sort();
  return { countries: sorted(options.countries), locales: sorted(options.locales), devices: sorted(options.devices) };
}

export function shapeExperimentResults(
  read: { split: string; phases: SplitPhase[]; phase: SplitPhase; segment: ExperimentSegment },
  rows: ExperimentRows,
): ExperimentResults {
  const { split, phases, phase, segment } = read;
  return {
    split,
    phases,
    phase,
    control: phase.control,
    sampleRatio: sampleRatioOf(phase, rows.phaseCounts),
    segment,
    segments: segmentChoices(rows.options),
    groups: groupNames(phase, rows.totals).map((name) => groupOutcome(phase, name, rows)),
    daily: rows.daily,
  };
}
