import { recordItemCompletion } from "@kinderready/domain/printables/printables.server";
import { redirect } from "react-router";
import { failedAction } from "../../action-failure.server.ts";
import type { PagePost, PostOf } from "./printables-post.server.ts";
import type { CompleteActionResult } from "./upsell-result.ts";

/**
 * Marks an item done (or too hard, or neither). A plain form's tap comes back to the page it was
 * made on, which shows the item as recorded.
 */
export async function markItem({ item_id, done, too_hard }: PostOf<"complete">, post: PagePost) {
  const answer = await recordMark(post, { userToken: post.token, itemId: item_id, done, tooHard: too_hard });
  return post.native ? redirect(`${post.url.pathname}${post.url.search}`, 303) : answer;
}

async function recordMark({ visit }: PagePost, input: Parameters<typeof recordItemCompletion>[1]) {
  try {
    const result = await recordItemCompletion(visit.services.printables, input);
    return {
      intent: "complete",
      itemId: result.item_id,
      done: result.done,
      tooHard: result.too_hard,
      levelCompleted: result.level_completed,
    } satisfies CompleteActionResult;
  } catch (error) {
    // The tick goes back to what it was.
    return failedAction(error, {
      errors: visit.errors,
      msg: "complete failed",
      fallbackKey: "printables.completeError",
      answer: (messageKey): CompleteActionResult => ({
        intent: "complete",
        itemId: input.itemId,
        done: !input.done,
        tooHard: false,
        levelCompleted: false,
        error: messageKey,
      }),
    });
  }
}
