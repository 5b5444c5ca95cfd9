import type { Database } from "@kinderready/db/open-db";
import { readFunnelRows } from "./funnel-report-queries.server.ts";
import { planFunnel, shapeFunnelReport } from "./funnel-report-shaping.ts";
import type { FunnelDimension, FunnelFilters, FunnelQuery, FunnelWindow } from "./report-filters.ts";

// The operator's funnel: visitors first seen in the range (a cohort), read as an ordered funnel
// over the rows analytics ingestion and the server keep (analytics/visitor-funnel.server.ts). A
// visitor counts at a step once they passed it, and every required step before it, within the
// conversion window from their first step; a step some visitors rightly skip is counted but
// required of no one. Purchases and upsells also come from the orders table (ADR 0046), so a
// lost browser event never hides a sale. One range scan per table the page shows
// (funnel-report-queries.server.ts); the report is worked out from its rows (funnel-report-shaping.ts).

export type FunnelStepRow = {
  id: string;
  /** A step some visitors rightly skip: required of no one after it. */
  optional: boolean;
  visitors: number;
  /** Share of the previous required step's visitors (null for the first step, or after an empty one). */
  fromPrevious: number | null;
  /** Share of the first step (all visitors). */
  fromStart: number;
  /** The same step in the period of the same length just before. */
  previous: { visitors: number; fromStart: number };
};

export type DroppedVisitor = {
  deviceId: string;
  userId: string | null;
  email: string | null;
  countryCode: string | null;
  locale: string | null;
  device: string | null;
  firstSeenAt: string;
  lastSeenAt: string;
};

export type FunnelReport = {
  windowDays: FunnelWindow;
  steps: FunnelStepRow[];
  /** The period compared with: as many days, just before the range. */
  previousPeriod: { from: string; to: string };
  /** From the first visit to the first payment, for those counted as buyers. */
  timeToConvert: { converters: number; medianSeconds: number | null; p90Seconds: number | null };
  daily: { day: string; visitors: number; purchases: number }[];
  /** What the filters can be set to in this range, most frequent first. */
  choices: { countries: string[]; utmSources: string[]; utmCampaigns: string[] };
  /** The 20 values with most visitors, each with its visitors at every step shown (`steps`). */
  breakdown: { dimension: FunnelDimension; steps: string[]; rows: { value: string | null; counts: number[] }[] } | null;
  /** Who reached the step before `step` and not `step`: the latest 50, and how many in all. */
  dropped: { step: string; total: number; visitors: DroppedVisitor[] } | null;
};

export async function getFunnelReport(
  deps: { db: Database },
  query: FunnelFilters & Partial<FunnelQuery>,
): Promise<FunnelReport> {
  const plan = planFunnel(query);
  return shapeFunnelReport(plan, await readFunnelRows(deps.db, query, plan));
}
