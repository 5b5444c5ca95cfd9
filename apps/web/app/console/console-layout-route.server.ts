import type { Route } from "../routes/console/+types/console-layout";
import { signedInOperator } from "./operator-guard.server.ts";

// Server side of the console's frame: who is signed in, and the session's CSRF token the forms send.

export function loadConsoleLayout({ context }: Route.LoaderArgs) {
  const operator = signedInOperator(context);
  return { operator: { email: operator.email }, csrfToken: operator.csrfToken };
}
