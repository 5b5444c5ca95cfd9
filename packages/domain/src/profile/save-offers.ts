import type { CancelReason } from "../payments/cancel-reasons.ts";

// What the cancel flow answers each reason with, once, beside "Cancel anyway": a parent not using
// the kit right now (or with another reason) may pause; one who finds it too dear may keep
// everything for one payment (lifetime access, cheaper than two more months); one who cannot get
// the content or into the site gets help on the spot. When no answer fits, nothing is offered.

export const saveOffers = ["pause", "lifetime", "help", "none"] as const;
export type SaveOffer = (typeof saveOffers)[number];

/**
 * The answer to a reason. `tried`: the offer a running experiment shows this parent for it, when
 * they can have it (otherwise the rules decide, as without the experiment).
 */
export function saveOfferFor(
  reason: CancelReason,
  can: { pause: boolean; lifetime: boolean },
  tried?: SaveOffer,
): SaveOffer {
  if (tried === "help" || tried === "none" || (tried && can[tried])) return tried;
  switch (reason) {
    case "not_using_now":
    case "other":
      return can.pause ? "pause" : "none";
    case "high_price":
      return can.lifetime ? "lifetime" : can.pause ? "pause" : "none";
    case "unable_to_get_content":
    case "unable_to_get_app_access":
      return "help";
  }
}
