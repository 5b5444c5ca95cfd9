import { recordUpsellConversion } from "@kinderready/domain/upsell/upsell.server";
import { classifyFailure } from "../../action-failure.server.ts";
import type { PagePost } from "./printables-post.server.ts";
import type { UpsellActionResult } from "./upsell-result.ts";

/**
 * Reports an approved upsell's conversion. The report is the analytics' concern: a failure is
 * logged, and the page goes on (and reloads).
 */
export async function reportUpsellConversion(_fields: unknown, { request, visit, token }: PagePost) {
  try {
    return {
      intent: "trigger-upsell",
      ...(await recordUpsellConversion(visit.services.payments, {
        userToken: token,
        client: { ip: visit.clientAddress, userAgent: request.headers.get("user-agent") },
      })),
    } satisfies UpsellActionResult;
  } catch (error) {
    classifyFailure(error, { errors: visit.errors, msg: "trigger-upsell failed" });
    return { intent: "trigger-upsell", recorded: false } satisfies UpsellActionResult;
  }
}
