import { tiktokEventName } from "../../analytics/forwarding/conversion-event-names.ts";
import {
  type Conversion,
  type ConversionAdapter,
  DeliveryError,
  day,
  hashedEmail,
  majorUnits,
  postJson,
  sha256,
  unixSeconds,
} from "../../analytics/forwarding/forwarding-adapter.server.ts";

export type TiktokEventsConfig = { pixelCode: string; accessToken: string; url: string };

/**
 * TikTok Events API 2.0: POST {url}/open_api/v1.3/event/track/ with the Access-Token header, the
 * pixel code as event_source_id and the events under `data`. Email and external id are SHA-256
 * hashed; TikTok deduplicates a pixel and a server event sharing the event_id.
 */
export function createTiktokEventsAdapter(config: TiktokEventsConfig): ConversionAdapter {
  const endpoint = `${config.url}/open_api/v1.3/event/track/`;
  return {
    name: "tiktok",
    kind: "ad-platform",
    maxAgeMs: 7 * day,
    unsupported: { refund: "TikTok has no refund event" },
    async send(batch) {
      const answer = await postJson(
        endpoint,
        { event_source: "web", event_source_id: config.pixelCode, data: batch.map(tiktokEvent) },
        { headers: { "Access-Token": config.accessToken } },
      );
      // TikTok reports refusals in the body of a 200: code 0 is success. Its codes do not say
      // which errors pass, so any other code is tried again, up to the job's limit.
      const code = (answer as { code?: unknown } | undefined)?.code;
      if (code !== 0) {
        const message = (answer as { message?: unknown } | undefined)?.message;
        throw new DeliveryError(`TikTok code ${String(code)}: ${String(message ?? "no message")}`, true);
      }
    },
  };
}

function tiktokEvent(conversion: Conversion) {
  return {
    event: tiktokEventName,
    event_time: unixSeconds(conversion.occurredAt),
    event_id: conversion.eventId,
    user: {
      ...(conversion.email ? { email: hashedEmail(conversion.email) } : {}),
      external_id: sha256(conversion.userId),
      ...(conversion.ttclid ? { ttclid: conversion.ttclid } : {}),
      // Events API 2.0 takes the address and browser in `user` (1.2 had them in `context`).
      ...(conversion.clientIp ? { ip: conversion.clientIp } : {}),
      ...(conversion.userAgent ? { user_agent: conversion.userAgent } : {}),
    },
    properties: { currency: conversion.currency, value: majorUnits(conversion.amount) },
    page: { url: conversion.sourceUrl },
  };
}
