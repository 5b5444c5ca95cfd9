import { upsellPageUrlField } from "@kinderready/domain/upsell-wire";
import type { Locale } from "@kinderready/i18n/locales";
import { splitLocalePath } from "@kinderready/i18n/locales";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { pageForPath } from "../pages.ts";
import { useAnalyticsStore } from "../stores/analytics-store.ts";
import { trackingFromLanding } from "../tracking/capture-tracking.ts";
import { sendVisit, track } from "./analytics.ts";

/**
 * Every page view as an event, the visit's payload once per page load (attribution, device,
 * the offer or upsell address), and the connection going and coming back.
 */
export function AnalyticsTracker({ locale }: { locale: Locale }) {
  const { pathname } = useLocation();
  const loaded = useRef(false);

  useEffect(() => {
    // A task after the stores' restore (StoreHydration's, queued first): the visit reads the
    // saved user id, and neither holds the task of the hydrated page's effects any longer.
    setTimeout(() => {
      track("page_viewed");
      if (loaded.current) return;
      loaded.current = true;
      const url = new URL(window.location.href);
      const tracking = trackingFromLanding({ search: url.search, cookies: document.cookie, now: Date.now() });
      const addressToken = url.searchParams.get("token");
      const page = pageForPath(splitLocalePath(pathname).path);
      sendVisit({
        user_token: addressToken ?? useAnalyticsStore.getState().userId,
        locale,
        host: url.host,
        ua: navigator.userAgent,
        utm_campaign: tracking?.utmLabels.utm_campaign,
        utm_medium: tracking?.utmLabels.utm_medium,
        utm_source: tracking?.utmLabels.utm_source,
        gclid: tracking?.googleAnalytics.gclid,
        client_id: tracking?.googleAnalytics.client_id,
        fb_pixel_id: tracking?.fbAnalytics.fb_pixel_id,
        fbc: tracking?.fbAnalytics.fbc,
        fbp: tracking?.fbAnalytics.fbp,
        fbclid: tracking?.fbAnalytics.fbclid,
        ttclid: tracking?.ttclid,
        // The offer pages are the purchase route's; the upsells live in the printables.
        ...(page.file === "routes/purchase/purchase.tsx" && { purchase_url: url.href }),
        ...(page.file === "routes/printables/printables.tsx" && { [upsellPageUrlField]: url.href }),
      });
    });
  }, [pathname, locale]);

  useEffect(() => {
    const online = () => track("connectivity_changed", { online: true });
    const offline = () => track("connectivity_changed", { online: false });
    window.addEventListener("online", online);
    window.addEventListener("offline", offline);
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("offline", offline);
    };
  }, []);
  return null;
}
