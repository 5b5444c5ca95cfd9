import { type RefObject, useEffect, useRef, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { track } from "../../analytics/analytics.ts";
import type { PaymentOutcome, PurchaseActionResult } from "../../payments/payment-result.ts";
import type { OfferPlan } from "./offer-plan.ts";
import { useInView } from "./use-in-view.ts";

/** A box the order needs ticked, as the form shows it: its input, its refusal, and a tick made before. */
export type RequiredBoxState = {
  ref: RefObject<HTMLInputElement | null>;
  refused: boolean;
  /** Ticked in the plain form the server refused (posted before the scripts ran). */
  tickedBefore: boolean;
  onTick: () => void;
};

/**
 * The offer's checkout: the boxes the order needs, the post that starts it, and leaving for the
 * gateway's page it answers. The button sends nothing about the price: the server prices it by
 * the parent's countdown.
 */
export function useOfferCheckout({
  plan,
  expired,
  outcome,
  withdrawalConsent,
}: {
  plan: OfferPlan;
  expired: boolean;
  outcome: PaymentOutcome["kind"] | undefined;
  withdrawalConsent: boolean;
}) {
  const checkout = useFetcher<PurchaseActionResult>();
  // Posted before the scripts ran, the form was a plain one: a refusal is the page's answer.
  const posted = useActionData<PurchaseActionResult>();
  const postedCheckout = posted?.intent === "checkout" ? posted : undefined;
  const boxes = useRequiredBoxes(postedCheckout, withdrawalConsent);
  const formRef = useRef<HTMLFormElement>(null);
  const formInView = useInView(formRef);
  const result = checkout.data?.intent === "checkout" ? checkout.data : undefined;
  const errorKey = checkoutErrorKey(result, postedCheckout);

  // Card details are typed on the gateway's own page, never on ours.
  useEffect(() => {
    if (errorKey) track("checkout_failed", { reason: errorKey });
  }, [errorKey]);
  useEffect(() => {
    if (expired) track("offer_timer_expired");
  }, [expired]);
  const leaving = useLeaveForPayment(result && "redirectUrl" in result ? result.redirectUrl : undefined);
  const busy = checkout.state !== "idle" || leaving || outcome === "checking";

  const submit = () => {
    if (busy || !boxes.allTicked()) return;
    track("checkout_started", { variant: expired ? "expired" : "initial", price: plan.price });
    void checkout.submit(
      { intent: "checkout", agree: "on", ...(withdrawalConsent ? { immediate_access: "on" } : {}) },
      { method: "post", encType: "application/json" },
    );
  };
  return { formRef, formInView, agree: boxes.agree, waive: boxes.waive, busy, errorKey, submit };
}

type CheckoutAnswer = Extract<PurchaseActionResult, { intent: "checkout" }>;

/** The message under the button: the scripts' answer, else a plain form's refusal that names no box. */
function checkoutErrorKey(result: CheckoutAnswer | undefined, posted: CheckoutAnswer | undefined) {
  if (result) return "error" in result ? result.error.messageKey : undefined;
  const postedError = posted && "error" in posted ? posted.error : undefined;
  return postedError?.field === undefined ? postedError?.messageKey : undefined;
}

/**
 * The terms box, and the box waiving the right of withdrawal where it applies. They are the
 * browser's own (uncontrolled): one ticked before the scripts ran stays ticked, and the scripts
 * read them when the parent buys. A plain form's refusal names its box at first.
 */
function useRequiredBoxes(posted: CheckoutAnswer | undefined, withdrawalConsent: boolean) {
  const postedError = posted && "error" in posted ? posted.error : undefined;
  const ticked = posted && "ticked" in posted ? posted.ticked : undefined;
  const [agreeRefused, setAgreeRefused] = useState(postedError?.field === "agree");
  const [waiveRefused, setWaiveRefused] = useState(postedError?.field === "immediate_access");
  const agreeRef = useRef<HTMLInputElement>(null);
  const waiveRef = useRef<HTMLInputElement>(null);
  /** Whether the order may go: the first box left unticked is refused and focused. */
  const allTicked = () => {
    if (!agreeRef.current?.checked) {
      setAgreeRefused(true);
      agreeRef.current?.focus();
      return false;
    }
    if (withdrawalConsent && !waiveRef.current?.checked) {
      setWaiveRefused(true);
      waiveRef.current?.focus();
      return false;
    }
    return true;
  };
  const agree: RequiredBoxState = {
    ref: agreeRef,
    refused: agreeRefused,
    tickedBefore: ticked?.agree === true,
    onTick: () => setAgreeRefused(false),
  };
  const waive: RequiredBoxState = {
    ref: waiveRef,
    refused: waiveRefused,
    tickedBefore: ticked?.immediateAccess === true,
    onTick: () => setWaiveRefused(false),
  };
  return { agree, waive, allTicked };
}

/** Leaves for the gateway's payment page once it is answered; true while the page is on its way out. */
function useLeaveForPayment(redirectUrl: string | undefined): boolean {
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    if (!redirectUrl) return;
    setLeaving(true);
    window.location.assign(redirectUrl);
  }, [redirectUrl]);
  // Back from the payment page may restore this page as it was left: the button works again.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, []);
  return leaving;
}
