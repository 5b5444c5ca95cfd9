import { serverI18n } from "@kinderready/i18n/server-i18n.server";
import { signedInOperator } from "../../../console/operator-guard.server.ts";
import { requestLocale } from "../../../i18n/request-locale.server.ts";
import type { Route } from "./+types/console-layout";

// Server side of the console's frame: who is signed in, and the session's CSRF token the forms send.

export function loadConsoleLayout({ context, request }: Route.LoaderArgs) {
  const operator = signedInOperator(context);
  return {
    title: serverI18n(requestLocale(request)).t("console:title"),
    operator: { email: operator.email },
    csrfToken: operator.csrfToken,
  };
}
