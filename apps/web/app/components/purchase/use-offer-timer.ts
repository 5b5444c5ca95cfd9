import { useEffect, useState } from "react";
import { restoreTimer, tick, tickMs } from "../../purchase/offer-timer.ts";
import { useStoresHydrated } from "../../stores/create-persisted-store.ts";
import { usePurchaseStore } from "../../stores/purchase-store.ts";

/**
 * The offer countdown, kept in the persisted purchase store so a reload resumes it. It ticks
 * only while `running` (the price is on screen) and the tab is visible. `justExpired` is set
 * when it runs out in front of the parent, for a single announcement.
 */
export function useOfferTimer({ running, timeoutSeconds }: { running: boolean; timeoutSeconds: number }) {
  const hydrated = useStoresHydrated((state) => state.hydrated);
  const offerSecondsLeft = usePurchaseStore((state) => state.offerSecondsLeft);
  const isOfferExpired = usePurchaseStore((state) => state.isOfferExpired);
  const timer = restoreTimer({ offerSecondsLeft, isOfferExpired }, timeoutSeconds);
  const visible = usePageVisible();
  const [justExpired, setJustExpired] = useState(false);
  const active = hydrated && running && visible && !timer.expired;

  useEffect(() => {
    if (!active) return;
    const interval = setInterval(() => {
      const next = tick(restoreTimer(usePurchaseStore.getState(), timeoutSeconds));
      usePurchaseStore.setState({ offerSecondsLeft: next.secondsLeft, isOfferExpired: next.expired });
      if (next.expired) setJustExpired(true);
    }, tickMs);
    return () => clearInterval(interval);
  }, [active, timeoutSeconds]);

  return { ...timer, justExpired };
}

/** Whether the tab is in front; a hidden tab does not use up the offer. */
function usePageVisible(): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== "hidden");
    update();
    document.addEventListener("visibilitychange", update);
    return () => document.removeEventListener("visibilitychange", update);
  }, []);
  return visible;
}
