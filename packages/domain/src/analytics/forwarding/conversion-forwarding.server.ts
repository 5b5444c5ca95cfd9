import type { Database } from "@kinderready/db/open-db";
import type { conversionDeliveries } from "@kinderready/db/schema";
import { isLocale, type Locale, localizePath } from "@kinderready/i18n/locales";
import { forwardingDecision } from "../../consent/forwarding-consent.ts";
import {
  type DueDelivery,
  insertMissingDeliveries,
  listDueDeliveries,
  settleConversions,
  updatePendingDelivery,
} from "./conversion-delivery-queries.server.ts";
import { type Conversion, type ConversionAdapter, DeliveryError } from "./forwarding-adapter.server.ts";

/**
 * Conversions reach the ad platforms and Amplitude from this job, never from a request. Each
 * conversion gets a conversion_deliveries row per configured destination; a due row is checked
 * against consent (skipped, no request), sent, and then delivered, retried with back-off, or
 * failed. Once every row of a conversion is settled, the conversion is marked forwarded (data
 * erasure keeps forwarded conversions: they are already out of our hands).
 */

export type ForwardingDeps = {
  db: Database;
  /** The configured destinations only. */
  adapters: readonly ConversionAdapter[];
  appUrl: string;
  now: () => Date;
};

export type ForwardingSummary = { delivered: number; skipped: number; retrying: number; failed: number };

export const maxAttempts = 8;
const minute = 60 * 1000;

/** 1 minute after the first failure, then 2, 4, … capped at 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(minute * 2 ** (attempts - 1), 6 * 60 * minute);
}

/**
 * One run: rows for new conversions, due deliveries sent (each destination in parallel), conversions
 * settled. The limit keeps a run of time-outs (10 s each) well inside pg-boss's 15-minute job expiry.
 */
export async function forwardConversions(deps: ForwardingDeps, limit = 50): Promise<ForwardingSummary> {
  const summary: ForwardingSummary = { delivered: 0, skipped: 0, retrying: 0, failed: 0 };
  if (deps.adapters.length === 0) return summary;
  const names = deps.adapters.map((adapter) => adapter.name);
  await insertMissingDeliveries(deps.db, names, deps.now());
  const due = await listDueDeliveries(deps.db, { names, now: deps.now(), limit });
  await Promise.all(
    deps.adapters.map(async (adapter) => {
      for (const row of due.filter((delivery) => delivery.destination === adapter.name)) {
        summary[await deliver(deps, adapter, row)] += 1;
      }
    }),
  );
  await settleConversions(deps.db, names, deps.now());
  return summary;
}

async function deliver(
  deps: ForwardingDeps,
  adapter: ConversionAdapter,
  row: DueDelivery,
): Promise<keyof ForwardingSummary> {
  const now = deps.now();
  const subject = row.userId
    ? {
        erasedAt: row.erasedAt,
        adSharingOptOutAt: row.adSharingOptOutAt,
        mailingOptInCountry: row.mailingOptInCountry ?? false,
        adConsent: row.adConsent,
      }
    : null;
  const decision = forwardingDecision(subject, adapter.kind);
  if (!decision.send) return record(deps.db, row, { status: "skipped", lastError: decision.reason });
  const unsupported = adapter.unsupported?.[row.event];
  if (unsupported) return record(deps.db, row, { status: "skipped", lastError: unsupported });
  if (adapter.maxAgeMs !== undefined && now.getTime() - row.occurredAt.getTime() > adapter.maxAgeMs) {
    return record(deps.db, row, { status: "skipped", lastError: "older than the platform accepts" });
  }

  const attempts = row.attempts + 1;
  try {
    await adapter.send([conversionOf(row, deps.appUrl)]);
    return record(deps.db, row, { status: "delivered", attempts, deliveredAt: now, lastError: null });
  } catch (error) {
    const lastError = error instanceof Error ? error.message.slice(0, 1000) : String(error);
    // Anything but a DeliveryError is a surprise in our own code: worth another try.
    const retryable = !(error instanceof DeliveryError) || error.retryable;
    if (!retryable || attempts >= maxAttempts) {
      return record(deps.db, row, { status: "failed", attempts, lastError });
    }
    const nextAttemptAt = new Date(now.getTime() + retryDelayMs(attempts));
    await record(deps.db, row, { status: "pending", attempts, nextAttemptAt, lastError });
    return "retrying";
  }
}

async function record(
  db: Database,
  row: DueDelivery,
  values: Partial<typeof conversionDeliveries.$inferInsert> & {
    status: "pending" | "delivered" | "skipped" | "failed";
  },
): Promise<"delivered" | "skipped" | "failed" | "retrying"> {
  await updatePendingDelivery(db, row, values);
  return values.status === "pending" ? "retrying" : values.status;
}

function conversionOf(row: DueDelivery, appUrl: string): Conversion {
  if (!row.userId) throw new Error(`conversion ${row.conversionId} has no user`);
  const locale: Locale = row.locale && isLocale(row.locale) ? row.locale : "en";
  // Upsells are bought in the printables area; the first purchase on the flow's purchase page.
  const path =
    row.event === "subscription" ? (row.purchasePath ?? "/purchase/") : row.event === "refund" ? "/" : "/printables/";
  return {
    // The order id is what the browser pixel knows too (one conversion per order), so it is
    // the event id both send and the platform counts the purchase once. A refund of that order
    // is another event, which a platform deduplicating on the id must not drop.
    eventId: row.event === "refund" ? `${row.orderId}:refund` : row.orderId,
    event: row.event,
    orderId: row.orderId,
    occurredAt: row.occurredAt,
    amount: row.amount,
    currency: row.currency,
    userId: row.userId,
    email: row.email,
    sourceUrl: new URL(localizePath(path, locale), appUrl).toString(),
    // The browser that paid, else the parent's latest visit's.
    userAgent: row.recordedUserAgent ?? row.userAgent,
    clientIp: row.clientIp,
    fbc: row.fbc,
    fbp: row.fbp,
    gaClientId: row.gaClientId,
    ttclid: row.ttclid,
    deviceId: row.deviceId,
  };
}
