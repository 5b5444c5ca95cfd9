import type { Database } from "@kinderready/db/open-db";
import { z } from "zod";
import { forwardingDecision } from "../../consent/forwarding-consent.ts";
import type { AmplitudeHttp } from "./forwarding-adapter.server.ts";
import { findAmplitudeCursor, listProductEventsAfter, upsertAmplitudeCursor } from "./product-event-queries.server.ts";

/**
 * The product-analytics events stored by ingestion go to Amplitude in id order, 100 at a time,
 * behind a cursor in the settings table. An event of an erased parent is passed over; anonymous
 * visitors' events (no user yet) go with their device id. A failed batch leaves the cursor where
 * it was, so the next run sends it again (Amplitude drops the repeats by insert_id).
 */

const cursorSchema = z.object({ lastId: z.number().int().nonnegative() });
export const productEventBatchSize = 100;
/**
 * Identity ids are taken at insert, not at commit: a batch still committing may hold ids below
 * ones already visible. Events are left a minute to settle before the cursor passes them.
 */
const settleDelayMs = 60_000;

export type ProductEventsDeps = { db: Database; amplitude: AmplitudeHttp; now: () => Date };

export async function forwardProductEvents(
  deps: ProductEventsDeps,
  budgetMs = 40_000,
): Promise<{ sent: number; passedOver: number; rejected: number }> {
  const started = performance.now();
  const result = { sent: 0, passedOver: 0, rejected: 0 };
  let cursor = await readCursor(deps.db);
  for (;;) {
    const rows = await listProductEventsAfter(deps.db, {
      afterId: cursor,
      receivedBefore: new Date(deps.now().getTime() - settleDelayMs),
      limit: productEventBatchSize,
    });
    const last = rows.at(-1);
    if (!last) break;

    const kept = rows.filter(
      (row) =>
        row.userId === null ||
        forwardingDecision(
          row.knownUser === null
            ? null
            : {
                erasedAt: row.erasedAt,
                adSharingOptOutAt: row.adSharingOptOutAt,
                mailingOptInCountry: row.mailingOptInCountry ?? false,
                adConsent: row.adConsent,
              },
          "product-analytics",
        ).send,
    );
    if (kept.length > 0) {
      const { rejected } = await deps.amplitude.sendEvents(
        kept.map((row) => ({
          ...row,
          properties: asRecord(row.properties),
          userProperties: asRecord(row.userProperties),
        })),
      );
      result.sent += kept.length - rejected;
      result.rejected += rejected;
    }
    result.passedOver += rows.length - kept.length;
    cursor = last.id;
    await upsertAmplitudeCursor(deps.db, { lastId: cursor }, deps.now());
    if (rows.length < productEventBatchSize || performance.now() - started > budgetMs) break;
  }
  return result;
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

async function readCursor(db: Database): Promise<number> {
  const value = await findAmplitudeCursor(db);
  // A mangled cursor stops the job rather than sending everything again from the start.
  return value === undefined ? 0 : cursorSchema.parse(value).lastId;
}
