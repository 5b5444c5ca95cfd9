import type { AnalyticsEventName } from "@kinderready/domain/analytics/analytics-events";
import type { AnalyticsPayloadBody } from "@kinderready/domain/analytics/analytics-schema";
import { ApiResponseError, fetchApi } from "../error-reporting/client-error-reporting.ts";
import type { PixelPurchase } from "../payments/payment-result.ts";
import { useAnalyticsStore } from "../stores/analytics-store.ts";
import { useSplitsStore } from "../stores/splits-store.ts";
import { AnalyticsClient, analyticsDefaults } from "./analytics-client.ts";
import { firePixel } from "./meta-pixel.ts";

// The page's one analytics client. On the server every call does nothing. It names no device:
// the endpoint stores events under the device cookie the request carries (HttpOnly).

const eventsUrl = "/api/v1/analytics/events";
const visitUrl = "/api/v1/analytics";
const sessionKey = "kr_analytics_session";
const pendingKey = "kr_analytics_pending";

let client: AnalyticsClient | undefined;

function analytics(): AnalyticsClient | undefined {
  if (typeof window === "undefined") return undefined;
  if (client) return client;
  const json = (body: string) => new Blob([body], { type: "application/json" });
  client = new AnalyticsClient({
    now: Date.now,
    identity: () => ({
      userToken: useAnalyticsStore.getState().userId,
      userProperties: useSplitsStore.getState().groups,
    }),
    sessionStore: {
      read: () => localStorage.getItem(sessionKey),
      write: (value) => localStorage.setItem(sessionKey, value),
    },
    post: (body) =>
      fetchApi(eventsUrl, { method: "POST", body: json(body), keepalive: true }).then(
        () => true,
        // A refused batch (4xx) will not get better by sending it again.
        (error: unknown) =>
          error instanceof ApiResponseError && error.status >= 400 && error.status < 500 && error.status !== 429,
      ),
    beacon: (body) => navigator.sendBeacon(eventsUrl, json(body)),
    pendingStore: {
      read: () => localStorage.getItem(pendingKey),
      write: (value) => localStorage.setItem(pendingKey, value),
    },
    newEventId: () => crypto.randomUUID(),
    page: () => window.location.pathname,
  });
  const instance = client;
  setInterval(() => void instance.flush(), analyticsDefaults.flushPeriodMs);
  window.addEventListener("pagehide", () => instance.flushOnHide());
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") instance.flushOnHide();
  });
  return client;
}

/**
 * Records a funnel event; returns its id (shared with the ad pixel for deduplication). A
 * purchase's value and currency, as the server answered them, go to the ad pixel only.
 */
export function track(
  name: AnalyticsEventName,
  properties?: Record<string, string | number | boolean | null>,
  purchase?: PixelPurchase,
): string | undefined {
  const eventId = analytics()?.track(name, properties);
  if (eventId) firePixel(name, eventId, properties, purchase);
  return eventId;
}

/** The analytics payload, once per page load: attribution and device. */
export function sendVisit(payload: AnalyticsPayloadBody): void {
  if (typeof window === "undefined") return;
  const body = JSON.stringify(payload);
  void fetchApi(visitUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    keepalive: true,
  }).catch(() => {});
}
