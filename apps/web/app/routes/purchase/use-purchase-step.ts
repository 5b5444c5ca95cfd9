import { useState } from "react";
import type { SetURLSearchParams } from "react-router";
import { usePurchaseStore } from "../../stores/purchase-store.ts";
import { addressedStep, clampStep, resolvePurchaseState, stepIdAt, stepParam } from "./purchase-steps.ts";

/**
 * The step as this page load finds it: another parent on the device starts at the first step, and
 * the address's step (`step`, `offer` or a payment coming back) opens until the parent moves. Derived while
 * rendering, so the server's page, the first paint and a resume agree without a flash; the
 * store is written when the parent moves. Before saved state is back the store is empty, which
 * gives the server's page: the first step, or the offer when asked for.
 */
export function usePurchaseStep(
  userId: string | undefined,
  searchParams: URLSearchParams,
  setSearchParams: SetURLSearchParams,
) {
  const [moved, setMoved] = useState(false);
  const addressed = moved ? undefined : addressedStep(searchParams);
  const saved = usePurchaseStore();
  const step = clampStep(resolvePurchaseState(saved, { userId, addressed }).step);
  // The parent moved: the step is theirs now, saved, and no longer derived from the address.
  const moveTo = (next: number) => {
    usePurchaseStore.setState({ step: next, stepUserId: userId });
    setMoved(true);
    // A step's address (a move made before the scripts ran) is no longer where the parent is.
    if (searchParams.has(stepParam)) {
      const query = new URLSearchParams(searchParams);
      query.delete(stepParam);
      setSearchParams(query, { replace: true, preventScrollReset: true });
    }
  };
  return { step, id: stepIdAt(step), moveTo };
}
