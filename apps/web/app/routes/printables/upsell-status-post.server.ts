import { getUpsellStatus } from "@kinderready/domain/upsell/upsell.server";
import { data } from "react-router";
import { classifyFailure } from "../../action-failure.server.ts";
import { toOrderStatus } from "../../payments/order-status.server.ts";
import type { PagePost, PostOf } from "./printables-post.server.ts";
import type { UpsellActionResult } from "./upsell-result.ts";

/**
 * How an upsell's charge stands, as the page polls it. A status check that failed is asked
 * again: someone else's order is simply not theirs.
 */
export async function askUpsellStatus({ order_id }: PostOf<"upsell-status">, { visit, token }: PagePost) {
  try {
    const result = await getUpsellStatus(visit.services.payments, { userToken: token, orderId: order_id });
    return { intent: "upsell-status", ...toOrderStatus(result) } satisfies UpsellActionResult;
  } catch (error) {
    const pending = { intent: "upsell-status", status: "pending", errorCode: null } as const;
    const known = classifyFailure(error, { errors: visit.errors, msg: "upsell-status failed" });
    if (known && known.status < 500) {
      return data<UpsellActionResult>({ ...pending, status: "declined" }, { status: 404 });
    }
    return pending satisfies UpsellActionResult;
  }
}
