import { requireOperator } from "../../../console/operator-guard.server.ts";
import type { Route } from "./+types/console-export";
import { loadConsoleExport } from "./console-export-route.server.ts";

// Every console table as CSV (/admin/export/{report}.csv), with the page's filters.

// Outside the console's layout, so signed in by the same middleware of its own.
export const middleware: Route.MiddlewareFunction[] = [requireOperator];

export const loader = (args: Route.LoaderArgs) => loadConsoleExport(args);
