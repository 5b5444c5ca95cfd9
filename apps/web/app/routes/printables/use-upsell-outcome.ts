import type { UpsellDisplayMode, UpsellType } from "@kinderready/domain/upsell/upsell-schema";
import { type RefObject, useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { track } from "../../analytics/analytics.ts";
import type { PaymentOutcome } from "../../payments/payment-result.ts";
import { useUpsellStore } from "../../stores/upsell-store.ts";
import type { UpsellActionResult, UpsellReturning } from "./upsell-result.ts";

/**
 * What was bought: approved before the page loaded (a one-click form posted without scripts, or
 * the gateway's page), or once the charge under way is. An approval is tracked, kept on this
 * device, reported to the server (the conversion) and told to `onSettled`, once.
 */
export function useApprovedUpsell(
  outcome: PaymentOutcome | undefined,
  buying: RefObject<UpsellType | undefined>,
  {
    variant,
    mode,
    orderId,
    returning,
    onSettled,
  }: {
    variant: "initial" | "catchy";
    mode: UpsellDisplayMode;
    orderId: string | null;
    returning: UpsellReturning | undefined;
    onSettled: ((type: UpsellType) => void) | undefined;
  },
) {
  const report = useFetcher<UpsellActionResult>();
  const [bought, setBought] = useState<UpsellType | undefined>(
    returning?.status?.status === "approved" ? returning.type : undefined,
  );
  useEffect(() => {
    const type = buying.current;
    if (outcome?.kind !== "approved" || !type) return;
    buying.current = undefined;
    setBought(type);
    track("upsell_bought", { type, variant, mode, order_id: orderId }, outcome.purchase);
    useUpsellStore.setState((state) => ({ succeeded: [...new Set([...state.succeeded, type])] }));
    void report.submit({ intent: "trigger-upsell" }, { method: "post", encType: "application/json" });
    onSettled?.(type);
  }, [outcome, report.submit, onSettled, variant, mode, orderId, buying]);
  return bought;
}

/** The offer seen (per variant and display mode), and a charge that failed or never settled. */
export function useUpsellEvents(
  outcome: PaymentOutcome | undefined,
  variant: "initial" | "catchy",
  mode: UpsellDisplayMode,
) {
  useEffect(() => {
    if (outcome?.kind === "declined" || outcome?.kind === "timeout") {
      track("upsell_failed", { variant, code: outcome.kind === "declined" ? outcome.errorCode : "timeout" });
    }
  }, [outcome, variant]);
  useEffect(() => {
    track("upsell_viewed", { variant, mode });
  }, [variant, mode]);
}
