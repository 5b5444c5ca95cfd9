import { requestContext } from "#load-context";
import { toCsv } from "../../../console/csv.ts";
import type { Route } from "./+types/console-export";
import { exportReport } from "./export-registry.server.ts";
import { refused } from "./export-report.server.ts";

// Server side of the console's exports: every console table as CSV (/admin/export/{report}.csv),
// with the page's filters. A filter it cannot use is a plain-text 400 naming the field, and a
// report it does not have a 404, as a download tool reads them.

export async function loadConsoleExport(args: Route.LoaderArgs) {
  const { services } = args.context.get(requestContext);
  const report = exportReport(args.params.report);
  if (!report) throw refused(404, "report", "no such export");
  const table = await report(new URL(args.request.url), services);
  return new Response(toCsv(table), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${args.params.report}"`,
      "cache-control": "private, no-store",
    },
  });
}
