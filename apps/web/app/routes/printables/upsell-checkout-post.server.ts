import { startUpsellCheckout } from "@kinderready/domain/upsell/upsell.server";
import { upsellReturnTypeParam } from "@kinderready/domain/upsell-wire";
import { localizePath } from "@kinderready/i18n/locales";
import { redirect } from "react-router";
import { payingSession } from "../../session/parent-session.server.ts";
import { failedUpsellPost, type PagePost, type PostOf } from "./printables-post.server.ts";
import type { UpsellActionResult } from "./upsell-result.ts";

/**
 * An upsell paid on the gateway's page (the bank wants the parent present): the page to go to,
 * and back to the printables with what was bought. A plain form leaves for it at once.
 */
export async function startUpsellCheckoutOnPage(fields: PostOf<"upsell-checkout">, post: PagePost) {
  const { request, visit, token, locale } = post;
  try {
    const returnUrl = new URL(localizePath("/printables/", locale), visit.config.appUrl);
    returnUrl.searchParams.set("token", token);
    returnUrl.searchParams.set(upsellReturnTypeParam, fields.recurring_type);
    const paying = payingSession(request, visit.services, token, { firstPayment: false });
    const { redirectUrl } = await startUpsellCheckout(visit.services.payments, {
      userToken: token,
      recurringType: fields.recurring_type,
      shown: fields.variant,
      countryCode: visit.geo.countryCode,
      immediateAccessConsent: fields.immediate_access === "on",
      locale,
      returnUrl: returnUrl.toString(),
      payingSession: paying.digest,
    });
    if (post.native) return redirect(redirectUrl, { status: 303 });
    return { intent: "upsell-checkout", redirectUrl } satisfies UpsellActionResult;
  } catch (error) {
    return failedUpsellPost(error, post, "upsell-checkout");
  }
}
