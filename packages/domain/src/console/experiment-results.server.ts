import { z } from "zod";
import type { SplitDeps } from "../experiments/split-config.server.ts";
import { listSplitPhases, type SplitPhase, splitPhaseSchema } from "../experiments/split-phases.server.ts";
import { readExperimentRows } from "./experiment-results-queries.server.ts";
import { shapeExperimentResults } from "./experiment-results-shaping.ts";

// An experiment as the operator reads it, one phase at a time: who was exposed in each
// configured group, who went on to buy (ADR 0046: a parent's first subscription payment that is
// a sale, refunded or not, made at or after the exposure), the guardrails beside it, net revenue
// per exposed visitor in each currency, the sample-ratio check against the phase's weights, and
// each group against the control. Counted in SQL over split_exposures, users and orders (and the
// ledger for money: experiment-results-queries.server.ts); the rest is worked out from the rows
// (experiment-results-shaping.ts), with the statistics as pure functions.

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

export async function getExperimentResults(
  { db, splits: config }: SplitDeps,
  input: { split: string; phase?: string | undefined; segment?: ExperimentSegment; now?: Date },
): Promise<ExperimentResults> {
  const now = input.now ?? new Date();
  const segment = input.segment ?? {};
  await config.reconcilePhases();
  const current = (await config.current()).find((split) => split.name === input.split);
  const phases = await listSplitPhases({ db }, { split: input.split, current });
  const phase = phases.find((candidate) => candidate.id === input.phase) ?? (phases.at(-1) as SplitPhase);
  const rows = await readExperimentRows(db, { split: input.split, phase, segment, now });
  return shapeExperimentResults({ split: input.split, phases, phase, segment }, rows);
}
