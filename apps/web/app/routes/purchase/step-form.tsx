import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import { stepIdAt, stepParam } from "./purchase-steps.ts";

/** What a move leaves behind: the payment it came back from, and the links that opened the offer. */
const leftBehind = new Set([stepParam, "offer", "order_id", "bought"]);

/**
 * A move to another purchase page as a plain GET form to that page's address (`?step=<id>`, the
 * parent's token and campaign kept), so it works before the scripts arrive or without them; with
 * them, `onMove` moves the page in place and nothing is requested. Laid out as its button alone.
 */
export function StepForm({ step, onMove, children }: { step: number; onMove: () => void; children: ReactNode }) {
  const [searchParams] = useSearchParams();
  const kept = [...searchParams].filter(([name]) => !leftBehind.has(name));
  return (
    <form
      method="get"
      className="step-form"
      onSubmit={(event) => {
        event.preventDefault();
        onMove();
      }}
    >
      {kept.map(([name, value], index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a query may repeat a name; its order is fixed
        <input key={index} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name={stepParam} value={stepIdAt(step)} />
      {children}
    </form>
  );
}
