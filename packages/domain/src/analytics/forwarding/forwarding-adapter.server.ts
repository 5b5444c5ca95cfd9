import { createHash } from "node:crypto";
import type { conversionDestinations } from "@kinderready/db/schema";
import type { DestinationKind } from "../../consent/forwarding-consent.ts";

export type ConversionDestination = (typeof conversionDestinations)[number];

/** A conversion as the adapters send it, read from the database before the request. */
export type Conversion = {
  /** The conversion's id: the event id the browser pixel sends too, so each platform counts it once. */
  eventId: string;
  /** subscription, upsell or lifetime; refund when one of those was refunded. */
  event: string;
  orderId: string;
  occurredAt: Date;
  /** Minor units, as everywhere in the database. */
  amount: number;
  currency: string;
  /** Our users.id, never the token. */
  userId: string;
  email: string | null;
  /** The page the purchase happened on (without any query). */
  sourceUrl: string;
  userAgent: string | null;
  /** The parent's address when they paid, kept only where their ad consent allowed it. */
  clientIp: string | null;
  /** Click and browser ids from the landing (attributions); deviceId is the first-visit cookie. */
  fbc: string | null;
  fbp: string | null;
  gaClientId: string | null;
  ttclid: string | null;
  deviceId: string | null;
};

/** One destination, built from its configuration; `send` throws a DeliveryError when it did not land. */
export type ConversionAdapter = {
  name: ConversionDestination;
  kind: DestinationKind;
  /** How old an event the platform still takes; older deliveries are skipped, not sent to fail. */
  maxAgeMs?: number;
  /** Conversions the platform has no event for (Meta and TikTok: refunds): skipped with this reason. */
  unsupported?: Readonly<Record<string, string>>;
  send(batch: readonly Conversion[]): Promise<void>;
};

/** A stored product-analytics event (analytics_events), as it is forwarded. */
export type ProductEvent = {
  eventId: string;
  name: string;
  userId: string | null;
  deviceId: string;
  /** The session's start in ms, as the browser client counts sessions. */
  sessionId: number;
  occurredAt: Date;
  page: string | null;
  properties: Record<string, unknown>;
  userProperties: Record<string, unknown>;
};

export type AmplitudeHttp = ConversionAdapter & {
  /** Sends up to 100 stored events; answers how many Amplitude refused as invalid. */
  sendEvents(batch: readonly ProductEvent[]): Promise<{ rejected: number }>;
};

export class DeliveryError extends Error {
  override name = "DeliveryError";
  /** Worth trying again later: time-outs, network errors, 429 and 5xx. */
  readonly retryable: boolean;
  readonly status: number | undefined;
  readonly body: string | undefined;
  constructor(message: string, retryable: boolean, status?: number, body?: string) {
    super(message);
    this.retryable = retryable;
    this.status = status;
    this.body = body;
  }
}

/** Every request to a platform gives up after this long; the job retries later. */
export const requestTimeoutMs = 10_000;
export const day = 24 * 60 * 60 * 1000;

export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
/** The platforms match on the SHA-256 of the trimmed, lower-case address. */
export const hashedEmail = (email: string) => sha256(email.trim().toLowerCase());
export const majorUnits = (minor: number) => minor / 100;
export const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * POSTs JSON and answers the parsed body. Anything but a 2xx throws a DeliveryError; 4xx other
 * than 429 means the platform refused this request and sending it again would not help. Error
 * messages never carry the request URL, which may hold a token.
 */
export async function postJson(
  url: string,
  body: unknown,
  options: { headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<unknown> {
  let status: number;
  let text: string;
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...options.headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? requestTimeoutMs),
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    const reason = error instanceof Error && error.name === "TimeoutError" ? "timed out" : "failed";
    throw new DeliveryError(`request ${reason}: ${error instanceof Error ? error.message : String(error)}`, true);
  }
  if (status < 200 || status >= 300) {
    throw new DeliveryError(`HTTP ${status}: ${text.slice(0, 500)}`, status === 429 || status >= 500, status, text);
  }
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}
