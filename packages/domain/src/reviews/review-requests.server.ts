import type { Database } from "@kinderready/db/open-db";
import type { PgBoss } from "pg-boss";
import { emailKind } from "../email/email-kinds.ts";
import { type EmailQueue, enqueueEmail } from "../email/email-queue.server.ts";
import { insertReviewRequestEmails, listParentsDueReviewRequest } from "./review-queries.server.ts";
import { reviewRequestAfterDays } from "./review-rules.ts";

// Once a day, parents who paid a week ago or more and have not reviewed the kit get one email
// asking how it is going (once ever: the outbox row is the record that they were asked). Only
// parents who allow mail: not erased, mailing not forbidden, and where the law asks for opt-in,
// an address they confirmed.

const reviewRequestJob = "review-requests";
const dayMs = 86_400_000;
/** Parents asked per run at most; the next day's run takes the rest. */
const perRun = 500;

export type ReviewRequestDeps = { db: Database; emails: EmailQueue; now: () => Date };

/** Writes the due requests to the outbox and enqueues them; answers how many were queued. */
export async function queueReviewRequests(deps: ReviewRequestDeps): Promise<number> {
  const paidBefore = new Date(deps.now().getTime() - reviewRequestAfterDays * dayMs);
  const due = await listParentsDueReviewRequest(deps.db, { paidBefore, limit: perRun });
  const rows = due.flatMap(({ userId, email }) =>
    email ? [{ userId, kind: emailKind("review-request"), recipient: email }] : [],
  );
  if (rows.length === 0) return 0;
  const queued = await insertReviewRequestEmails(deps.db, rows);
  // A lost enqueue is not lost mail: the email sweep re-queues rows still queued.
  for (const { id } of queued) await enqueueEmail(deps.emails, id);
  return queued.length;
}

/** Once a day (09:40 UTC), on whichever worker takes it. */
export async function startReviewRequestJob(boss: PgBoss, deps: Omit<ReviewRequestDeps, "emails">): Promise<void> {
  await boss.createQueue(reviewRequestJob, { policy: "singleton" });
  await boss.work(reviewRequestJob, async () => {
    await queueReviewRequests({ ...deps, emails: boss });
  });
  await boss.schedule(reviewRequestJob, "40 9 * * *");
}
