import { ga4EventName, ga4RefundEventName } from "../../analytics/forwarding/conversion-event-names.ts";
import {
  type Conversion,
  type ConversionAdapter,
  majorUnits,
  postJson,
} from "../../analytics/forwarding/forwarding-adapter.server.ts";

export type Ga4MeasurementConfig = { measurementId: string; apiSecret: string; url: string };

/**
 * GA4 Measurement Protocol: POST {url}/mp/collect?measurement_id=…&api_secret=…, one request per
 * conversion (a request speaks for one client). The client id is the browser's GA client id from
 * the landing, else our first-visit id, else the user id: GA needs one, and user_id joins them.
 * The protocol answers 2xx even for malformed events, so a delivery here means "accepted".
 */
export function createGa4MeasurementAdapter(config: Ga4MeasurementConfig): ConversionAdapter {
  const query = new URLSearchParams({ measurement_id: config.measurementId, api_secret: config.apiSecret });
  const endpoint = `${config.url}/mp/collect?${query}`;
  return {
    name: "ga4",
    kind: "ad-platform",
    // Measurement Protocol takes events up to 72 hours back.
    maxAgeMs: 72 * 60 * 60 * 1000,
    async send(batch) {
      for (const conversion of batch) await postJson(endpoint, ga4Request(conversion));
    },
  };
}

function ga4Request(conversion: Conversion) {
  return {
    client_id: conversion.gaClientId ?? conversion.deviceId ?? conversion.userId,
    user_id: conversion.userId,
    timestamp_micros: conversion.occurredAt.getTime() * 1000,
    events: [
      {
        // A refund names the purchase's transaction: GA4 takes its value off that purchase.
        name: conversion.event === "refund" ? ga4RefundEventName : ga4EventName,
        params: {
          transaction_id: conversion.orderId,
          value: majorUnits(conversion.amount),
          currency: conversion.currency,
        },
      },
    ],
  };
}
