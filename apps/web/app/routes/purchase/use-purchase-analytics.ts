import type { FlowType, PurchaseStepId } from "@kinderready/domain/flows";
import { useEffect } from "react";
import { track } from "../../analytics/analytics.ts";
import { useSplitsStore } from "../../stores/splits-store.ts";

/** Analytics hears the parent's split groups (sent with every event) and each page they see. */
export function usePurchaseAnalytics({
  hydrated,
  splits,
  id,
  flowType,
}: {
  hydrated: boolean;
  splits: Record<string, string>;
  id: PurchaseStepId;
  flowType: FlowType;
}) {
  useEffect(() => {
    if (!hydrated || Object.keys(splits).length === 0) return;
    // Analytics sends the groups with every event as user properties.
    useSplitsStore.setState((state) => ({ groups: { ...state.groups, ...splits } }));
  }, [hydrated, splits]);
  useEffect(() => {
    if (!hydrated) return;
    if (id === "subscription-offer") track("offer_viewed", { flow: flowType });
    else track("purchase_step_viewed", { flow: flowType, step: id });
  }, [hydrated, id, flowType]);
}
