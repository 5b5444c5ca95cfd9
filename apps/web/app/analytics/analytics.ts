import type { AnalyticsEventName } from "@kinderready/domain/analytics/analytics-events";
import type { AnalyticsPayload } from "@kinderready/domain/analytics/analytics-schema";
import { createRandomToken } from "@kinderready/domain/random-token";
import { readCookie } from "../cookies.ts";
import { ApiResponseError, fetchApi } from "../error-reporting/client-error-reporting.ts";
import type { PixelPurchase } from "../purchase/payment-result.ts";
import { useAnalyticsStore } from "../stores/analytics-store.ts";
import { useSplitsStore } from "../stores/splits-store.ts";
import { AnalyticsClient, analyticsDefaults } from "./analytics-client.ts";
import { writeBrowserCookie } from "./browser-cookie.ts";
import { deviceCookie, validDeviceId } from "./device-cookie.ts";
import { firePixel } from "./meta-pixel.ts";

// The page's one analytics client. On the server every call does nothing.

const eventsUrl = "/api/v1/analytics/events";
const visitUrl = "/api/v1/analytics";
const sessionKey = "kr_analytics_session";
const pendingKey = "kr_analytics_pending";

let device: string | undefined;

/**
 * The device id: the first-party cookie the server set on the first page (or, should it be
 * missing, a new one), renewed on every page load. Browser only.
 */
export function deviceIdentity(): { deviceId: string } {
  if (device) return { deviceId: device };
  const deviceId = validDeviceId(readCookie(document.cookie, deviceCookie.name)) ?? createRandomToken();
  writeBrowserCookie(deviceCookie.name, deviceId, deviceCookie.maxAgeDays * 86_400);
  device = deviceId;
  return { deviceId };
}

let client: AnalyticsClient | undefined;

function analytics(): AnalyticsClient | undefined {
  if (typeof window === "undefined") return undefined;
  if (client) return client;
  const { deviceId } = deviceIdentity();
  const json = (body: string) => new Blob([body], { type: "application/json" });
  client = new AnalyticsClient({
    now: Date.now,
    identity: () => ({
      deviceId,
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
export function sendVisit(payload: Omit<AnalyticsPayload, "device_id">): void {
  if (typeof window === "undefined") return;
  const body = JSON.stringify({ ...payload, device_id: deviceIdentity().deviceId });
  void fetchApi(visitUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    keepalive: true,
  }).catch(() => {});
}
