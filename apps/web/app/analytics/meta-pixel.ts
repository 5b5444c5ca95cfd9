import type { AnalyticsEventName } from "@kinderready/domain/analytics/analytics-events";
import { metaEventName } from "@kinderready/domain/analytics/forwarding/conversion-event-names";
import { adsAllowed } from "@kinderready/domain/consent/ad-consent";
import { readAdConsent } from "../consent/ad-consent-cookie.ts";
import { adSharingOptOutCookie } from "../consent/ad-sharing-opt-out.ts";
import { readCookie } from "../cookies.ts";
import type { PixelPurchase } from "../payments/payment-result.ts";

// The Meta pixel without Meta's script: its documented image request, one per event, sent only
// when the visitor's consent allows. A purchase carries the order id as its event id, which is
// also the Conversions API's, so Meta counts it once, and the server's value and currency.

export const metaPixelOrigin = "https://www.facebook.com";

const pixelEvents: Partial<Record<AnalyticsEventName, string>> = {
  page_viewed: "PageView",
  email_submitted: "Lead",
  checkout_started: "InitiateCheckout",
  purchase_succeeded: metaEventName,
  upsell_bought: metaEventName,
};

// Until the page says otherwise, consent counts as required: nothing fires by default.
let settings: { pixelId: string | undefined; consentRequired: boolean } = { pixelId: undefined, consentRequired: true };

export function configurePixel(next: { pixelId: string | undefined; consentRequired: boolean }): void {
  settings = next;
}

function optedOut(): boolean {
  const gpc = (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
  return gpc || readCookie(document.cookie, adSharingOptOutCookie.name) === "1";
}

/**
 * A purchase's value and currency go as Meta's custom data, the figures the server's event sends:
 * Meta keeps whichever copy of the event arrives first, so both must carry them.
 */
export function firePixel(
  name: AnalyticsEventName,
  eventId: string,
  properties: Record<string, string | number | boolean | null> | undefined,
  purchase?: PixelPurchase,
): void {
  const event = pixelEvents[name];
  if (!event || !settings.pixelId) return;
  const consent = readAdConsent(document.cookie);
  if (!adsAllowed({ consentRequired: settings.consentRequired, consent, optedOut: optedOut() })) return;
  const url = new URL("/tr", metaPixelOrigin);
  url.searchParams.set("id", settings.pixelId);
  url.searchParams.set("ev", event);
  url.searchParams.set("eid", typeof properties?.order_id === "string" ? properties.order_id : eventId);
  // The page without its query: addresses may carry a bearer token.
  url.searchParams.set("dl", `${window.location.origin}${window.location.pathname}`);
  if (purchase) {
    url.searchParams.set("cd[value]", String(purchase.value));
    url.searchParams.set("cd[currency]", purchase.currency);
  }
  url.searchParams.set("noscript", "1");
  new Image().src = url.toString();
}
