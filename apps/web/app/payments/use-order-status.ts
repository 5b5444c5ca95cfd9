import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { afterPoll, maxPolls, type OrderStatus, type PaymentOutcome, pollIntervalMs } from "./payment-result.ts";

type StatusAnswer = { intent: string } & OrderStatus;

/**
 * How a payment went: the page posts `{intent, order_id}` to its own action at once, then every
 * `intervalMs` until the order is final or `limit` answers have come back (the first payment:
 * every second, 20 times; an upsell: every 500 ms, 15 times). `onSettled` hears
 * each final answer (approved, declined or timed out) once, as it comes. The status the page
 * was loaded with (`initial`) shows before the scripts run, and when it is final no post is made.
 */
export function useOrderStatus(
  orderId: string | null,
  enabled: boolean,
  {
    intent = "order-status",
    intervalMs = pollIntervalMs,
    limit = maxPolls,
    initial,
    onSettled,
  }: {
    intent?: string;
    intervalMs?: number;
    limit?: number;
    initial?: OrderStatus | null | undefined;
    onSettled?: (outcome: PaymentOutcome) => void;
  } = {},
) {
  const fetcher = useFetcher<StatusAnswer>();
  // The loaded status belongs to the order the page was loaded for; pending still needs asking.
  const [loaded] = useState(() => (orderId && initial ? { orderId, outcome: afterPoll(initial, 0) } : undefined));
  const [outcome, setOutcome] = useState<PaymentOutcome | undefined>(loaded?.outcome);
  const polls = useRef(0);
  // The latest submit and order id, so a poll scheduled earlier asks about the current order.
  const latest = useRef({ submit: fetcher.submit, orderId, onSettled });
  latest.current = { submit: fetcher.submit, orderId, onSettled };

  const poll = useCallback(() => {
    const { submit, orderId: current } = latest.current;
    if (!current) return;
    polls.current += 1;
    void submit({ intent, order_id: current }, { method: "post", encType: "application/json" });
  }, [intent]);

  const start = useCallback(() => {
    polls.current = 0;
    setOutcome({ kind: "checking" });
    poll();
  }, [poll]);

  useEffect(() => {
    if (enabled && orderId && loaded?.orderId === orderId && loaded.outcome.kind !== "checking") {
      setOutcome(loaded.outcome);
      latest.current.onSettled?.(loaded.outcome);
    } else if (enabled && orderId) start();
    else if (enabled || !loaded) setOutcome(undefined);
  }, [enabled, orderId, start, loaded]);

  useEffect(() => {
    const data = fetcher.data;
    if (data?.intent !== intent || !latest.current.orderId) return;
    const next = afterPoll(data, polls.current, limit);
    if (next.kind !== "checking") {
      setOutcome(next);
      latest.current.onSettled?.(next);
      return;
    }
    const timer = setTimeout(poll, intervalMs);
    return () => clearTimeout(timer);
  }, [fetcher.data, poll, intent, intervalMs, limit]);

  return {
    outcome,
    /** Asks again after a time-out: another round of polls. */
    checkAgain: start,
  };
}
