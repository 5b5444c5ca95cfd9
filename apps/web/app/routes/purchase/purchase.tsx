import type { ShouldRevalidateFunctionArgs } from "react-router";
import { partCatalogueHandle } from "../../i18n/load-catalogue.ts";
import { PriceTextsProvider } from "../../payments/price-texts.tsx";
import type { Route } from "./+types/purchase";
import { PurchaseFlow } from "./purchase-flow.tsx";
import { handlePurchaseAction, loadPurchase } from "./purchase-route.server.ts";

// The purchase pages at /purchase/ and /purchase-flow/ (flow main) and /offer1/ (flow copy_1).

/** The offer hydrates with the frame's and the offer's texts; the others follow. */
export const handle = partCatalogueHandle("offer");

export const loader = (args: Route.LoaderArgs) => loadPurchase(args);
export const action = (args: Route.ActionArgs) => handlePurchaseAction(args);

/** Only a new address or token needs the server again; steps, the timer and payment checks never do. */
export function shouldRevalidate({ formMethod, currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  if (formMethod) return false;
  return (
    currentUrl.pathname !== nextUrl.pathname ||
    currentUrl.searchParams.get("token") !== nextUrl.searchParams.get("token")
  );
}

export default function Purchase({ loaderData }: Route.ComponentProps) {
  const { prices, ...page } = loaderData;
  return (
    <PriceTextsProvider texts={prices}>
      <PurchaseFlow {...page} />
    </PriceTextsProvider>
  );
}
