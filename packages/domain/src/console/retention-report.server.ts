import type { Database } from "@kinderready/db/open-db";
import type { ReportDays } from "./report-filters.ts";
import { readRetentionRows } from "./retention-report-queries.server.ts";

/**
 * The console's retention report over a range of UTC days: the signed-in cancel flow's passes by
 * reason and by the answer shown (saved, cancelled, or left undecided), the renewal revenue the
 * saves kept (a month's renewal each, in its own currency), the pauses (asked for, called off,
 * begun, resumed, cancelled while paused) and every cancellation received, by the way it came.
 */
export type RetentionReport = {
  byReason: { reason: string; passes: number; saved: number; cancelled: number }[];
  byOffer: { offer: string; currency: string; shown: number; saved: number; cancelled: number; kept: number }[];
  /**
   * The passes the save-offer split placed (the experiments page starts and weights it), by its
   * group: the offer tried first, and each group's answers as actually shown.
   */
  byExperimentGroup: { group: string; offer: string; passes: number; saved: number; cancelled: number }[];
  pauses: { scheduled: number; calledOff: number; began: number; resumed: number; cancelledWhilePaused: number };
  cancellations: { channel: string; outcome: string; requests: number }[];
};

export async function getRetentionReport(deps: { db: Database }, days: ReportDays): Promise<RetentionReport> {
  const { byReason, byOffer, byExperimentGroup, pauses, cancellations } = await readRetentionRows(deps.db, days);
  return {
    byReason,
    byOffer,
    byExperimentGroup,
    pauses: pauses ?? { scheduled: 0, calledOff: 0, began: 0, resumed: 0, cancelledWhilePaused: 0 },
    cancellations,
  };
}
