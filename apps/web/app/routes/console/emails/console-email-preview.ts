import { requireOperator } from "../../../console/operator-guard.server.ts";
import type { Route } from "./+types/console-email-preview";
import { loadConsoleEmailPreview } from "./console-emails-route.server.ts";

// One kind of email in one language as it renders (/admin/emails/preview/{kind}/{locale}/),
// framed by the emails page: sample data, no scripts.

// Outside the console's layout, so signed in by the same middleware of its own.
export const middleware: Route.MiddlewareFunction[] = [requireOperator];

export const loader = (args: Route.LoaderArgs) => loadConsoleEmailPreview(args);
