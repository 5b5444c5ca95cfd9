import type { Route } from "./+types/cancel";
import { CancelForm } from "./cancel-form.tsx";
import { loadCancelPage, sendCancellation } from "./cancel-route.server.ts";

// Cancel your subscription here (/cancel/): the confirmation page of the cancel button in every
// page's footer, open without signing in.

export const loader = (args: Route.LoaderArgs) => loadCancelPage(args);
export const action = (args: Route.ActionArgs) => sendCancellation(args);

export default function Cancel({ loaderData }: Route.ComponentProps) {
  return <CancelForm initialEmail={loaderData.email} today={loaderData.today} />;
}
