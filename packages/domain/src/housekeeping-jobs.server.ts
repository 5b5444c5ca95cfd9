import type { Database } from "@kinderready/db/open-db";
import type { PgBoss } from "pg-boss";
import { deleteExpiredParentSessions, deleteSignInFailuresBefore } from "./housekeeping-queries.server.ts";
import { pruneThrottle } from "./request-throttle-queries.server.ts";

// Rows that only ever matter for a while: rate-limit attempts (no rule looks back more than a
// day), ended parent sessions of parents who never came back, sign-in failure counts a day old.

const housekeepingJob = "housekeeping";
const dayMs = 24 * 60 * 60 * 1000;

/** Deletes what no rule reads any more; answers nothing (it is safe to run any time, twice). */
export async function sweepExpiredRows(deps: { db: Database }, now: Date): Promise<void> {
  await pruneThrottle(deps.db, now);
  await deleteExpiredParentSessions(deps.db, now);
  await deleteSignInFailuresBefore(deps.db, new Date(now.getTime() - dayMs));
}

/** Once an hour, on whichever worker takes it. */
export async function startHousekeepingJobs(boss: PgBoss, deps: { db: Database; now: () => Date }): Promise<void> {
  await boss.createQueue(housekeepingJob, { policy: "singleton" });
  await boss.work(housekeepingJob, async () => {
    await sweepExpiredRows(deps, deps.now());
  });
  await boss.schedule(housekeepingJob, "17 * * * *");
}
