import type { ServerSighting } from "@kinderready/domain/analytics/visitor-funnel.server";
import type { ErrorReporter } from "@kinderready/domain/error-reporting/error-reporter";

type Sighting = ServerSighting & { steps: readonly string[] };

export type SightingBatch = ReturnType<typeof createSightingBatch>;

/**
 * Funnel steps recorded off the responses' path and together: what arrives while one batch is
 * written goes in the next, one write at a time, so a busy server makes a few large upserts
 * instead of one per request. Past `maxQueued` waiting steps a response waits for the write in
 * progress (the database is then the bottleneck; waiting keeps the backlog and its memory
 * bounded). A failed write is reported; analytics never fails a page.
 */
export function createSightingBatch(
  write: (sightings: readonly Sighting[]) => Promise<void>,
  options: { errors: ErrorReporter; maxBatch?: number; maxQueued?: number },
) {
  const { errors, maxBatch = 500, maxQueued = 2_000 } = options;
  let queued: Sighting[] = [];
  let writing: Promise<void> | undefined;

  const drain = async () => {
    while (queued.length > 0) {
      const batch = queued.slice(0, maxBatch);
      queued = queued.slice(batch.length);
      try {
        await write(batch);
      } catch (error) {
        errors.report(error, { msg: "funnel steps not recorded", extra: { sightings: batch.length } });
      }
    }
    writing = undefined;
  };

  return {
    async add(sighting: Sighting): Promise<void> {
      while (queued.length >= maxQueued && writing) await writing;
      queued.push(sighting);
      // After this turn's other requests joined the queue.
      writing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(drain);
    },
    /** Everything queued, written (at shutdown, before the database closes). */
    async settled(): Promise<void> {
      while (writing) await writing;
    },
  };
}
