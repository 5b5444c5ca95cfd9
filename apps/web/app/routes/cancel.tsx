import { CancelForm } from "../cancel/cancel-form.tsx";
import { loadCancelPage, sendCancellation } from "../cancel/cancel-route.server.ts";
import type { Route } from "./+types/cancel";

// Cancel your subscription here (/cancel/): the confirmation page of the cancel button in every
// page's footer, open without signing in.

export const loader = (args: Route.LoaderArgs) => loadCancelPage(args);
export const action = (args: Route.ActionArgs) => sendCancellation(args);

export default function Cancel({ loaderData }: Route.ComponentProps) {
  return <CancelForm initialEmail={loaderData.email} today={loaderData.today} />;
}
