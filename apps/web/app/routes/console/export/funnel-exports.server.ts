import { getExperimentResults } from "@kinderready/domain/console/experiment-results.server";
import { getFunnelReport } from "@kinderready/domain/console/funnel-report.server";
import { funnelQuerySchema } from "@kinderready/domain/console/report-filters";
import { experimentQuery } from "../experiments/console-experiments-route.server.ts";
import { experimentTables } from "../experiments/experiment-columns.tsx";
import { funnelTables } from "../funnel/funnel-columns.tsx";
import { type ExportReports, refused, reportFilters, tableExports } from "./export-report.server.ts";

// The exports of the funnel and of a split's results (one phase, optionally one segment).

export const funnelExports: ExportReports = [
  ...tableExports(experimentTables, async (url, services) => {
    const split = url.searchParams.get("split") ?? "";
    if (!split || split.length > 60) throw refused(400, "split", "must be a split's name");
    const query = experimentQuery(url);
    if (!query) throw refused(400, "segment", "must be a phase, country, language or device the results have");
    const { phase, ...segment } = query;
    return getExperimentResults(services, { split, phase, segment });
  }),
  ...tableExports(funnelTables, (url, services) => getFunnelReport(services, reportFilters(url, funnelQuerySchema))),
];
