import { amplitudeEventName } from "../../analytics/forwarding/conversion-event-names.ts";
import {
  type AmplitudeHttp,
  type Conversion,
  DeliveryError,
  majorUnits,
  type ProductEvent,
  postJson,
} from "../../analytics/forwarding/forwarding-adapter.server.ts";

export type AmplitudeHttpConfig = { apiKey: string; url: string };

/**
 * Amplitude HTTP V2 API: POST {url}/2/httpapi with { api_key, events }. Our users.id is the
 * user_id (never the token) and our event id the insert_id, which Amplitude deduplicates on, so a
 * retried batch counts once. Conversions carry no session (-1) and their revenue.
 */
export function createAmplitudeHttp(config: AmplitudeHttpConfig): AmplitudeHttp {
  const endpoint = `${config.url}/2/httpapi`;
  const post = (events: readonly object[]) => postJson(endpoint, { api_key: config.apiKey, events });
  return {
    name: "amplitude",
    kind: "product-analytics",
    async send(batch) {
      await post(batch.map(conversionEvent));
    },
    async sendEvents(batch) {
      const events = batch.map(productEvent);
      try {
        await post(events);
        return { rejected: 0 };
      } catch (error) {
        // A 400 naming the invalid events: Amplitude took none, so the rest are sent again alone.
        const refused = error instanceof DeliveryError && error.status === 400 ? refusedIndexes(error.body) : undefined;
        if (!refused || refused.size === 0) throw error;
        const rest = events.filter((_, index) => !refused.has(index));
        if (rest.length > 0) await post(rest);
        return { rejected: events.length - rest.length };
      }
    },
  };
}

function conversionEvent(conversion: Conversion) {
  // Amplitude records a refund as revenue with a negative price (its revenue docs).
  const value = conversion.event === "refund" ? -majorUnits(conversion.amount) : majorUnits(conversion.amount);
  return {
    user_id: conversion.userId,
    ...(conversion.deviceId ? { device_id: conversion.deviceId } : {}),
    event_type: amplitudeEventName(conversion.event),
    time: conversion.occurredAt.getTime(),
    session_id: -1,
    insert_id: conversion.eventId,
    event_properties: { order_id: conversion.orderId, currency: conversion.currency, value },
    price: value,
    quantity: 1,
    revenue: value,
    productId: conversion.event,
    revenueType: conversion.event,
  };
}

function productEvent(event: ProductEvent) {
  return {
    ...(event.userId ? { user_id: event.userId } : {}),
    device_id: event.deviceId,
    event_type: event.name,
    time: event.occurredAt.getTime(),
    session_id: event.sessionId,
    insert_id: event.eventId,
    event_properties: event.page ? { ...event.properties, page: event.page } : event.properties,
    user_properties: event.userProperties,
  };
}

/** The indexes a 400 answer lists under events_with_invalid_fields, …_missing_fields and silenced_events. */
function refusedIndexes(body: string | undefined): Set<number> | undefined {
  try {
    const answer = JSON.parse(body ?? "") as Record<string, unknown>;
    const indexes = new Set<number>();
    for (const key of ["events_with_invalid_fields", "events_with_missing_fields"]) {
      const byField = answer[key];
      if (byField && typeof byField === "object") {
        for (const list of Object.values(byField))
          if (Array.isArray(list)) for (const i of list) indexes.add(Number(i));
      }
    }
    if (Array.isArray(answer.silenced_events)) for (const i of answer.silenced_events) indexes.add(Number(i));
    return indexes;
  } catch {
    return undefined;
  }
}
