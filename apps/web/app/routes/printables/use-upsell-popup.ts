import type { UpsellStage } from "@kinderready/domain/pricing/offer-rules";
import type { UpsellType } from "@kinderready/domain/upsell/upsell-schema";
import { useEffect, useRef, useState } from "react";
import { useFetcher, useSearchParams } from "react-router";
import { track } from "../../analytics/analytics.ts";
import { useStoresHydrated } from "../../stores/create-persisted-store.ts";
import { type UpsellState, useUpsellStore } from "../../stores/upsell-store.ts";
import {
  closeDiscount,
  declineUpsell,
  discountReopenMs,
  openUpsellModal,
  toggleUpsellModal,
  upsellOnArrival,
  upsellOwner,
} from "./upsell-modal.ts";
import type { UpsellActionResult, UpsellReturning } from "./upsell-result.ts";

/**
 * The popup's state and its answers to the offer. Until the saved state is restored and the
 * arrival rules applied, it is what the server rendered (`arrival`). "No, thanks" closes it and
 * opens the discount once the server has the answer; closing the discount ends the offer.
 */
export function useUpsellPopup({
  stage,
  returning,
  arrival,
}: {
  stage: UpsellStage;
  returning: UpsellReturning | undefined;
  arrival: Pick<UpsellState, "isOpen" | "formKey">;
}) {
  const hydrated = useStoresHydrated((state) => state.hydrated);
  const store = useUpsellStore();
  const [arrived, setArrived] = useState(false);
  const { isOpen, formKey } = arrived ? store : arrival;
  const reopen = useRef<ReturnType<typeof setTimeout>>(undefined);
  const decision = useFetcher<UpsellActionResult>();
  const [searchParams] = useSearchParams();
  const owner = upsellOwner(searchParams.get("token") ?? undefined);
  useEffect(() => {
    if (!hydrated) return;
    useUpsellStore.setState((state) => upsellOnArrival(state, owner, returning !== undefined, stage));
    setArrived(true);
  }, [hydrated, owner, returning, stage]);
  useEffect(() => () => clearTimeout(reopen.current), []);

  const answer = (choice: "declined" | "discount-closed") =>
    decision.submit({ intent: "upsell-decision", decision: choice }, { method: "post", encType: "application/json" });
  const decline = async () => {
    track("upsell_declined", { variant: formKey });
    useUpsellStore.setState(declineUpsell);
    const started = Date.now();
    await answer("declined");
    const wait = Math.max(0, discountReopenMs - (Date.now() - started));
    reopen.current = setTimeout(() => useUpsellStore.setState(openUpsellModal), wait);
  };
  const close = () => {
    if (formKey === "catchy") void answer("discount-closed");
    useUpsellStore.setState(formKey === "catchy" ? closeDiscount : toggleUpsellModal);
  };
  /** The popup's last button: "No, thanks" on the first offer, closing on the discount. */
  const turnDown = () => {
    if (formKey === "catchy") close();
    else void decline();
  };
  return { isOpen, formKey, close, turnDown, token: searchParams.get("token") ?? "" };
}

/**
 * What the popup sold: bought before the page loaded (a one-click form posted without scripts, or
 * the gateway's page), or approved here, after which it opens no more. The offer's buttons are
 * gone with the pitch: focus goes to the title, the news, which a reader then hears.
 */
export function usePopupPurchase(returning: UpsellReturning | undefined) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [bought, setBought] = useState<UpsellType | undefined>(
    returning?.status?.status === "approved" ? returning.type : undefined,
  );
  useEffect(() => {
    if (bought) titleRef.current?.focus();
  }, [bought]);
  const settle = (type: UpsellType) => {
    useUpsellStore.setState({ canOpen: false });
    setBought(type);
  };
  return { bought, settle, titleRef };
}
