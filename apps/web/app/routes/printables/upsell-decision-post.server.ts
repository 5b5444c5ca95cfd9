import { decideUpsellOffer } from "@kinderready/domain/upsell/upsell.server";
import { backToPrintables, failedUpsellPost, type PagePost, type PostOf } from "./printables-post.server.ts";
import type { UpsellActionResult } from "./upsell-result.ts";

/** "No, thanks" or the discount closed: the offer's new stage, which prices the packs from now on. */
export async function recordUpsellDecision({ decision }: PostOf<"upsell-decision">, post: PagePost) {
  try {
    const stage = await decideUpsellOffer(post.visit.services.payments, { userToken: post.token, decision });
    if (post.native) return backToPrintables(post);
    return { intent: "upsell-decision", stage } satisfies UpsellActionResult;
  } catch (error) {
    return failedUpsellPost(error, post, "upsell-decision");
  }
}
