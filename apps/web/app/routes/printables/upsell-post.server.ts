import { buyUpsell } from "@kinderready/domain/upsell/upsell.server";
import { upsellReturnTypeParam } from "@kinderready/domain/upsell-wire";
import { data } from "react-router";
import { verifiedParent } from "../../session/parent-session.server.ts";
import { backToPrintables, failedUpsellPost, type PagePost, type PostOf } from "./printables-post.server.ts";
import type { UpsellActionResult } from "./upsell-result.ts";

/**
 * An upsell bought with one click, on the stored card without it being typed again: a link is
 * not enough, it takes this device's verified session of the parent (the page offers the
 * gateway's page or an emailed sign-in instead). A plain form comes back to the page with the
 * order in its address, for its status.
 */
export async function buyUpsellWithOneClick(fields: PostOf<"upsell">, post: PagePost) {
  const { request, visit, token } = post;
  try {
    if (!(await verifiedParent(request, visit.services, token))) {
      return data<UpsellActionResult>(
        { intent: "upsell", error: { messageKey: "upsell.errors.signInFirst", field: "session" } },
        { status: 403 },
      );
    }
    const { orderId } = await buyUpsell(visit.services.payments, {
      userToken: token,
      recurringType: fields.recurring_type,
      shown: fields.variant,
      countryCode: visit.geo.countryCode,
      immediateAccessConsent: fields.immediate_access === "on",
    });
    if (post.native)
      return backToPrintables(post, { order_id: orderId, [upsellReturnTypeParam]: fields.recurring_type });
    return { intent: "upsell", orderId } satisfies UpsellActionResult;
  } catch (error) {
    return failedUpsellPost(error, post, "upsell");
  }
}
