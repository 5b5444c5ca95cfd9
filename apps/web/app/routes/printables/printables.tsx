import type { ShouldRevalidateFunctionArgs } from "react-router";
import { partCatalogueHandle } from "../../i18n/load-catalogue.ts";
import { DateTextsProvider } from "../../payments/date-texts.tsx";
import { PriceTextsProvider } from "../../payments/price-texts.tsx";
import type { Route } from "./+types/printables";
import { PrintablesPage } from "./printables-page.tsx";
import { handlePrintablesAction, loadPrintables } from "./printables-route.server.ts";

// The printables area (/printables/): the kit's levels and items, the add-on packs owned, and the upsells.

/** The kit hydrates with the frame's and the kit's texts; the others follow. */
export const handle = partCatalogueHandle("kit");

export const loader = (args: Route.LoaderArgs) => loadPrintables(args);
export const action = (args: Route.ActionArgs) => handlePrintablesAction(args);

/**
 * Status polls do not reload the page; an approved upsell does, so what is owned shows. The
 * conversion report follows the approval at once and interrupts that reload, so it reloads too.
 * Marking an item done reloads the levels (progress, and the next level unlocking).
 */
export function shouldRevalidate({ formMethod, actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod) return defaultShouldRevalidate;
  return (
    (actionResult?.intent === "upsell-status" && actionResult.status === "approved") ||
    actionResult?.intent === "trigger-upsell" ||
    actionResult?.intent === "complete"
  );
}

export default function Printables({ loaderData }: Route.ComponentProps) {
  const { prices, dates, ...page } = loaderData;
  return (
    <PriceTextsProvider texts={prices}>
      <DateTextsProvider texts={dates}>
        <PrintablesPage {...page} />
      </DateTextsProvider>
    </PriceTextsProvider>
  );
}
