import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import {
  afterPoll,
  type PaymentOutcome,
  type PurchaseActionResult,
  pollIntervalMs,
} from "../../purchase/payment-result.ts";

/**
 * How the payment went, for a parent the gateway sent back with `order_id`: the page asks the
 * server at once, then every second until the order is final or 20 answers have come back.
 */
export function useOrderStatus(orderId: string | null, enabled: boolean) {
  const fetcher = useFetcher<PurchaseActionResult>();
  const [outcome, setOutcome] = useState<PaymentOutcome | undefined>();
  const polls = useRef(0);
  // The latest submit and order id, so a poll scheduled earlier asks about the current order.
  const latest = useRef({ submit: fetcher.submit, orderId });
  latest.current = { submit: fetcher.submit, orderId };

  const poll = useCallback(() => {
    const { submit, orderId: current } = latest.current;
    if (!current) return;
    polls.current += 1;
    void submit({ intent: "order-status", order_id: current }, { method: "post", encType: "application/json" });
  }, []);

  const start = useCallback(() => {
    polls.current = 0;
    setOutcome({ kind: "checking" });
    poll();
  }, [poll]);

  useEffect(() => {
    if (enabled && orderId) start();
    else setOutcome(undefined);
  }, [enabled, orderId, start]);

  useEffect(() => {
    const data = fetcher.data;
    if (data?.intent !== "order-status" || !latest.current.orderId) return;
    const next = afterPoll(data, polls.current);
    if (next.kind !== "checking") {
      setOutcome(next);
      return;
    }
    const timer = setTimeout(poll, pollIntervalMs);
    return () => clearTimeout(timer);
  }, [fetcher.data, poll]);

  return {
    outcome,
    /** Asks again after a time-out: another 20 polls. */
    checkAgain: start,
  };
}
