import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { PurchaseActionResult } from "../../payments/payment-result.ts";
import type { OfferCountdownTimer } from "./offer-countdown.tsx";
import { localDeadline, notStartedTimer, tickMs, timerAt } from "./offer-timer.ts";

/**
 * The offer countdown. The server keeps its deadline: the first time the price is on screen
 * (`running`) for a parent the server knows (`known`), the page tells it, and counts down to the
 * deadline it answers. A reload, a declined card or another device finds the same deadline, and
 * the checkout is priced by it, whatever this page shows. `justExpired` is set when it runs out
 * in front of the parent, for a single announcement.
 */
export function useOfferTimer({
  running,
  known,
  serverSecondsLeft,
  timeoutSeconds,
}: {
  running: boolean;
  known: boolean;
  /** The countdown when the page was loaded; null before the price was first shown. */
  serverSecondsLeft: number | null;
  timeoutSeconds: number;
}): OfferCountdownTimer {
  const shown = useFetcher<PurchaseActionResult>();
  const [deadline, setDeadline] = useState<number>();
  const [now, setNow] = useState(0);
  const [justExpired, setJustExpired] = useState(false);
  const asked = useRef(false);

  // Every answer of the server (a load, or the first showing) resets the local deadline. The
  // first showing's answer is read from the post itself: this page never reloads its data after
  // a post (the payment checks post every second).
  const restart = useCallback((seconds: number) => {
    const received = Date.now();
    setDeadline(localDeadline(seconds, received));
    setNow(received);
  }, []);
  useEffect(() => {
    if (serverSecondsLeft !== null) restart(serverSecondsLeft);
  }, [serverSecondsLeft, restart]);
  const answered = shown.data?.intent === "offer-shown" ? shown.data.secondsLeft : undefined;
  useEffect(() => {
    if (answered !== undefined) restart(answered);
  }, [answered, restart]);

  useEffect(() => {
    if (!running || !known || serverSecondsLeft !== null || asked.current) return;
    asked.current = true;
    void shown.submit({ intent: "offer-shown" }, { method: "post", encType: "application/json" });
  }, [running, known, serverSecondsLeft, shown.submit]);

  const timer =
    deadline !== undefined
      ? timerAt(deadline, now)
      : serverSecondsLeft !== null
        ? { secondsLeft: serverSecondsLeft, expired: serverSecondsLeft === 0 }
        : notStartedTimer(timeoutSeconds);

  useEffect(() => {
    if (deadline === undefined || timer.expired) return;
    const interval = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (timerAt(deadline, current).expired) setJustExpired(true);
    }, tickMs);
    return () => clearInterval(interval);
  }, [deadline, timer.expired]);

  return { ...timer, justExpired, counting: deadline !== undefined || serverSecondsLeft !== null };
}
