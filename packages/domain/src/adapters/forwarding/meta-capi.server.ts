import { metaEventName } from "../../analytics/forwarding/conversion-event-names.ts";
import {
  type Conversion,
  type ConversionAdapter,
  day,
  hashedEmail,
  majorUnits,
  postJson,
  sha256,
  unixSeconds,
} from "../../analytics/forwarding/forwarding-adapter.server.ts";

/** `url` is the Graph API base with its version, e.g. https://graph.facebook.com/v25.0. */
export type MetaCapiConfig = { pixelId: string; accessToken: string; url: string };

/**
 * Meta Conversions API: POST {url}/{pixel}/events?access_token=… with the events under `data`.
 * Contact data is SHA-256 hashed (email lower-cased, our user id as external_id); fbc, fbp, the
 * client's address and user agent go as they are, as Meta asks. Meta keeps one of a pixel and a server event with
 * the same event_name and event_id.
 */
export function createMetaCapiAdapter(config: MetaCapiConfig): ConversionAdapter {
  const endpoint = `${config.url}/${encodeURIComponent(config.pixelId)}/events?access_token=${encodeURIComponent(config.accessToken)}`;
  return {
    name: "meta",
    kind: "ad-platform",
    // Meta rejects the whole request when an event_time is more than seven days old.
    maxAgeMs: 7 * day,
    unsupported: { refund: "Meta has no refund event" },
    async send(batch) {
      await postJson(endpoint, { data: batch.map(metaEvent) });
    },
  };
}

function metaEvent(conversion: Conversion) {
  return {
    event_name: metaEventName,
    event_time: unixSeconds(conversion.occurredAt),
    event_id: conversion.eventId,
    action_source: "website",
    event_source_url: conversion.sourceUrl,
    user_data: {
      ...(conversion.email ? { em: [hashedEmail(conversion.email)] } : {}),
      external_id: [sha256(conversion.userId)],
      ...(conversion.fbc ? { fbc: conversion.fbc } : {}),
      ...(conversion.fbp ? { fbp: conversion.fbp } : {}),
      ...(conversion.clientIp ? { client_ip_address: conversion.clientIp } : {}),
      ...(conversion.userAgent ? { client_user_agent: conversion.userAgent } : {}),
    },
    custom_data: { currency: conversion.currency, value: majorUnits(conversion.amount) },
  };
}
