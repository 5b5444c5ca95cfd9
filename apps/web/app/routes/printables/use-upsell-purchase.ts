import type { UpsellDisplayMode, UpsellType } from "@kinderready/domain/upsell/upsell-schema";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { ImmediateAccessField } from "../../components/immediate-access-box.tsx";
import { useOrderStatus } from "../../payments/use-order-status.ts";
import type { UpsellActionResult, UpsellReturning } from "./upsell-result.ts";
import { useApprovedUpsell, useUpsellEvents } from "./use-upsell-outcome.ts";

/** An upsell's status is asked every 500 ms, 15 times at most: a one-click charge settles fast. */
const polling = { intent: "upsell-status", intervalMs: 500, limit: 15 } as const;

/**
 * Buying from the upsell offer: one click on the stored card (or the gateway's page without a
 * verified session), the charge's status asked until it settles, and what was bought. A purchase
 * waits while another is under way.
 */
export function useUpsellPurchase({
  oneClick,
  variant,
  mode,
  returning,
  onSettled,
}: {
  oneClick: boolean;
  variant: "initial" | "catchy";
  mode: UpsellDisplayMode;
  returning: UpsellReturning | undefined;
  onSettled: ((type: UpsellType) => void) | undefined;
}) {
  const buy = useFetcher<UpsellActionResult>();
  const result = buy.data?.intent === "upsell" ? buy.data : undefined;
  const orderId = result && "orderId" in result ? result.orderId : (returning?.orderId ?? null);
  const onPage = useFetcher<UpsellActionResult>();
  const redirectUrl = onPage.data?.intent === "upsell-checkout" ? onPage.data.redirectUrl : undefined;
  const onPageError = onPage.data?.intent === "upsell" && "error" in onPage.data ? onPage.data.error : undefined;
  const errorKey = result && "error" in result ? result.error.messageKey : undefined;
  const payment = useOrderStatus(orderId, true, { ...polling, initial: returning?.status });
  const outcome = payment.outcome;
  const buying = useRef<UpsellType | undefined>(returning?.type);
  const busy =
    buy.state !== "idle" || onPage.state !== "idle" || redirectUrl !== undefined || outcome?.kind === "checking";
  useGatewayPage(redirectUrl);
  const bought = useApprovedUpsell(outcome, buying, { variant, mode, orderId, returning, onSettled });
  useUpsellEvents(outcome, variant, mode);

  const payOnPage = (consent: ImmediateAccessField, type = buying.current) => {
    if (!type || busy) return;
    buying.current = type;
    void onPage.submit(
      { intent: "upsell-checkout", recurring_type: type, variant, ...consent },
      { method: "post", encType: "application/json" },
    );
  };
  const purchase = (consent: ImmediateAccessField, type: UpsellType) => {
    if (!oneClick) return payOnPage(consent, type);
    if (busy) return;
    buying.current = type;
    void buy.submit(
      { intent: "upsell", recurring_type: type, variant, ...consent },
      { method: "post", encType: "application/json" },
    );
  };

  return {
    outcome,
    checkAgain: payment.checkAgain,
    bought,
    busy,
    /** What the purchase under way (or the last one) is for. */
    buying: buying.current,
    errorKey: errorKey ?? onPageError?.messageKey,
    payOnPage,
    purchase,
  };
}

/** The bank wants the parent present: the gateway's own page takes the card. */
function useGatewayPage(redirectUrl: string | undefined) {
  useEffect(() => {
    if (redirectUrl) window.location.assign(redirectUrl);
  }, [redirectUrl]);
}
