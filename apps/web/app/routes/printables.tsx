import type { ShouldRevalidateFunctionArgs } from "react-router";
import { PrintablesPage } from "../components/upsale/printables-page.tsx";
import { handlePrintablesAction, loadPrintables } from "../upsale/printables-route.server.ts";
import type { Route } from "./+types/printables";

// The printables area (/printables/): what the parent owns and the upsells. The levels and their
// PDFs land with the kit's own issue.

export const loader = (args: Route.LoaderArgs) => loadPrintables(args);
export const action = (args: Route.ActionArgs) => handlePrintablesAction(args);

/**
 * Status polls do not reload the page; an approved upsell does, so what is owned shows. The
 * conversion report follows the approval at once and interrupts that reload, so it reloads too.
 */
export function shouldRevalidate({ formMethod, actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod) return defaultShouldRevalidate;
  return (
    (actionResult?.intent === "upsale-status" && actionResult.status === "approved") ||
    actionResult?.intent === "trigger-upsale"
  );
}

export default function Printables({ loaderData }: Route.ComponentProps) {
  return <PrintablesPage {...loaderData} />;
}
