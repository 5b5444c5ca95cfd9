import { type PurchaseStepId, purchaseSteps } from "@kinderready/domain/flows";
import type { PurchaseState } from "../../stores/purchase-store.ts";

export const offerStep = purchaseSteps.length - 1;

/** Keeps a stored step inside the flow (the flow may have changed since it was saved). */
export function clampStep(step: number): number {
  return Number.isInteger(step) ? Math.min(Math.max(step, 0), offerStep) : 0;
}

export function stepIdAt(step: number): PurchaseStepId {
  return purchaseSteps[clampStep(step)] as PurchaseStepId;
}

/** The step moves forward only while further steps exist. */
export function nextStep(step: number): number {
  return Math.min(clampStep(step) + 1, offerStep);
}

export function previousStep(step: number): number {
  return Math.max(clampStep(step) - 1, 0);
}

/** The one button each page shows: continue on the first four, get-kit on the next two, then purchase. */
export function buttonOf(id: PurchaseStepId): "continue" | "get-kit" | "purchase" {
  if (id === "subscription-offer") return "purchase";
  if (id === "real-reviews" || id === "email") return "get-kit";
  return "continue";
}

/** The name of the address's parameter that opens a step (a plain link or form, without scripts). */
export const stepParam = "step";

/**
 * The step the address asks for: `?step=<id>` (each page's continue and back are GET forms to
 * it), else the offer for `offer` or a payment coming back (`order_id`); none otherwise.
 */
export function addressedStep(query: URLSearchParams): number | undefined {
  const named = purchaseSteps.indexOf(query.get(stepParam) as PurchaseStepId);
  if (named >= 0) return named;
  return query.has("offer") || query.has("order_id") ? offerStep : undefined;
}

/**
 * The saved state as a page load finds it: another parent on this device starts again at the
 * first step, and a step the address asks for (`step`, an `offer` link, a payment coming back)
 * opens that step. Returns the same object when nothing changes.
 */
export function resolvePurchaseState(
  state: PurchaseState,
  input: { userId: string | undefined; addressed: number | undefined },
): PurchaseState {
  let next = state;
  if (input.userId !== state.stepUserId) {
    next = { ...next, step: 0, stepUserId: input.userId };
  }
  if (input.addressed !== undefined && next.step !== input.addressed) next = { ...next, step: input.addressed };
  return next;
}
