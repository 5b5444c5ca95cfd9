import type { PGlite } from "@electric-sql/pglite";
import type { Logger } from "@kinderready/config/logger";
import { fromPglite, type Job, type JobResult, PgBoss } from "pg-boss";
import type { DbHandle } from "./open-db.ts";

/**
 * Starts pg-boss on the same database as the application, so a job can be enqueued in the
 * same transaction as the row it is about. On PGlite it shares the one embedded connection.
 * `runsJobs: false` (a web process) only enqueues: no maintenance and no cron, which the
 * worker processes do.
 */
export async function startJobs(
  handle: DbHandle,
  { runsJobs = true, log }: { runsJobs?: boolean; log: Logger },
): Promise<PgBoss> {
  const roleOptions = { supervise: runsJobs, schedule: runsJobs };
  const boss =
    handle.kind === "pglite"
      ? new PgBoss({ db: fromPglite(handle.client as PGlite), backend: "pglite", ...roleOptions })
      : new PgBoss({ connectionString: handle.databaseUrl, max: 4, ...roleOptions });
  // pg-boss reports its own connection trouble as events; losing them would crash the process.
  // A worker's errors arrive as plain objects ({ message, queue, … }), which String() shows as
  // "[object Object]": log their message and queue.
  boss.on("error", (error: Error & { queue?: string }) =>
    log.error({ queue: error.queue, err: { message: error.message ?? String(error) } }, "pg-boss error"),
  );
  await boss.start();
  return boss;
}

/**
 * Options and handler for a queue whose jobs are fetched in batches, back to back while the
 * batches come full, each job succeeding or failing alone (one bad job retries only itself).
 * One job per 2 s poll per worker fell far behind any burst (welcome emails, webhooks).
 */
export function eachJobInBursts<T extends object>(handle: (data: T) => Promise<unknown>) {
  const options = { localConcurrency: 2, batchSize: 20, burstWhenBatchFull: true, perJobResults: true } as const;
  const handler = async (jobs: Job<T>[]): Promise<JobResult[]> => {
    const results: JobResult[] = [];
    for (const job of jobs) {
      try {
        await handle(job.data);
        results.push({ id: job.id, status: "completed" });
      } catch (error) {
        results.push({ id: job.id, status: "failed", output: { message: String(error) } });
      }
    }
    return results;
  };
  return { options, handler };
}
