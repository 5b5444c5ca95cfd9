import type { PrintableItemView } from "@kinderready/domain/printables/printables-schema";
import { useFetcher } from "react-router";
import type { CompleteActionResult } from "./upsell-result.ts";

/** A mark on an item as the page posts it: done, or too hard (which clears done). */
export type MarkFields = { done: boolean; too_hard?: boolean };

/**
 * An item's marks (done, too hard) as the server records them. Optimistic while saving; the
 * server's answer (or the reloaded page) wins afterwards. A mark replaces the other: done clears
 * too hard, and too hard clears done.
 */
export function useItemMarks(item: PrintableItemView) {
  const fetcher = useFetcher<CompleteActionResult>();
  const wanted = fetcher.state !== "idle" ? (fetcher.json as MarkFields | undefined) : undefined;
  const done = wanted?.done ?? item.done;
  const tooHard = wanted ? wanted.too_hard === true : item.too_hard;
  /** The catalogue key of the last mark's failure, once its answer is in. */
  const failed = fetcher.state === "idle" && fetcher.data?.error;
  const mark = (fields: MarkFields) =>
    void fetcher.submit(
      { intent: "complete", item_id: item.id, ...fields },
      { method: "post", encType: "application/json" },
    );
  return { done, tooHard, failed, mark };
}
