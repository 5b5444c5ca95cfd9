import { eachJobInBursts } from "@kinderready/db/start-jobs";
import type { PgBoss } from "pg-boss";
import type { ErrorReporter } from "../error-reporting/error-reporter.ts";
import { queueChargeNotices } from "./charge-notices.server.ts";
import { type PaymentDeps, reconcileOrders } from "./orders.server.ts";
import { runDueRenewals } from "./subscription-billing.server.ts";
import { processWebhook, requeueStaleWebhooks, webhookJob } from "./webhooks.server.ts";

const renewalsJob = "billing-renewals";
const reconcileJob = "payments-reconcile";

/** The payment queues, so a web process can enqueue webhooks before any worker has started. */
export async function createPaymentQueues(boss: PgBoss): Promise<void> {
  await boss.createQueue(webhookJob, { policy: "stately" });
  await boss.createQueue(renewalsJob, { policy: "singleton" });
  await boss.createQueue(reconcileJob, { policy: "singleton" });
}

/**
 * The payment workers: webhooks as they arrive; trial notices, renewals and dunning every five minutes; every
 * minute, orders left processing are settled with the gateway and lost webhook jobs re-queued.
 */
export async function startPaymentJobs(boss: PgBoss, deps: PaymentDeps, errors: ErrorReporter): Promise<void> {
  await createPaymentQueues(boss);
  const webhooks = eachJobInBursts<{ eventId: string }>(async (data) => {
    // A signed event that does not match its order is someone's attack or the gateway's bug: both need a person.
    if ((await processWebhook(deps, data.eventId)) === "refused") {
      errors.report(new Error("webhook refused: its amount or currency is not the order's"), {
        msg: "payment webhook refused",
        extra: { eventId: data.eventId },
      });
    }
  });
  await boss.work(webhookJob, webhooks.options, webhooks.handler);
  await boss.work(renewalsJob, async () => {
    // Notices first: one going out late moves its trial's first charge on before the run charges it.
    await queueChargeNotices({ db: deps.db, emails: boss, now: deps.now });
    await runDueRenewals(deps);
  });
  await boss.work(reconcileJob, async () => {
    await reconcileOrders(deps);
    await requeueStaleWebhooks({ db: deps.db, jobs: boss }, new Date(deps.now().getTime() - 5 * 60 * 1000));
  });
  await boss.schedule(renewalsJob, "*/5 * * * *");
  await boss.schedule(reconcileJob, "* * * * *");
}
