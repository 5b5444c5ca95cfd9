import type { Config } from "@kinderready/config/config.server";
import type { Logger } from "@kinderready/config/logger";
import type { DbHandle } from "@kinderready/db/open-db";
import {
  configuredDestinations,
  createForwardingAdapters,
} from "@kinderready/domain/adapters/forwarding/forwarding-destinations.server";
import { createMailSender } from "@kinderready/domain/adapters/mail-sender.server";
import { createSolidgateGateway } from "@kinderready/domain/adapters/solidgate-gateway.server";
import { startForwardingJobs } from "@kinderready/domain/analytics/forwarding/forwarding-jobs.server";
import type { AppServices } from "@kinderready/domain/app-services";
import { createEmailQueues, startEmailWorker } from "@kinderready/domain/email/email-queue.server";
import type { MailSender } from "@kinderready/domain/email/mail";
import type { ErrorReporter } from "@kinderready/domain/error-reporting/error-reporter";
import { createSplitConfig } from "@kinderready/domain/experiments/split-config.server";
import { startHousekeepingJobs } from "@kinderready/domain/housekeeping-jobs.server";
import { withPaymentEmails } from "@kinderready/domain/payments/payment-emails.server";
import { createPaymentQueues, startPaymentJobs } from "@kinderready/domain/payments/payment-jobs.server";
import { settleSubscriptionOrder } from "@kinderready/domain/payments/subscription-billing.server";
import { startReminderJob } from "@kinderready/domain/reminders/reminders.server";
import { startReviewRequestJob } from "@kinderready/domain/reviews/review-requests.server";
import type { RenderPool } from "@kinderready/kit/render-pool.server";
import type { PgBoss } from "pg-boss";

type Wiring = { config: Config; database: DbHandle; jobs: PgBoss; errors: ErrorReporter; log: Logger };

/**
 * The domain's dependencies, built once from the configuration: the adapters (the gateway, SMTP)
 * chosen by it and handed to the use cases through `AppServices`.
 */
export function composeServices({ config, database, jobs, errors, log }: Wiring): {
  services: AppServices;
  sender: MailSender;
} {
  const { db } = database;
  const now = () => new Date();
  const { payments } = config;
  const sender = createMailSender({ smtpUrl: config.smtpUrl, from: config.mailFrom, db });
  const splits = createSplitConfig({ db, log: log.child({ part: "splits" }), groupKey: config.splitGroupKey });
  const services: AppServices = {
    db,
    splits,
    emails: jobs,
    jobs,
    appUrl: config.appUrl,
    offerTimerTimeout: config.offerTimerTimeout,
    forwardingDestinations: configuredDestinations(config.forwarding),
    // Both gateways speak Solidgate's protocol: the simulator is the same adapter on other hosts.
    payments: {
      db,
      gateway: createSolidgateGateway(payments),
      gatewayName: payments.gateway,
      now,
      onSettled: withPaymentEmails(settleSubscriptionOrder({ now }), jobs, errors),
      splits,
    },
    webhookKeys: { publicKey: payments.webhookPublicKey, secretKey: payments.webhookSecretKey },
    account: {
      db,
      emails: jobs,
      now,
      sender,
      supportEmail: config.supportEmail,
      accessLinkSecret: config.accessLinkSecret,
    },
    printables: {
      db,
      appUrl: config.appUrl,
      downloadUrlSecret: config.downloadUrlSecret,
      devShortcuts: config.devShortcuts,
      now,
    },
  };
  return { services, sender };
}

/**
 * The queues' workers, in a process that runs jobs (the worker role, or the one `all` process); a
 * web process only creates the queues it sends to.
 */
export async function startWorkers(
  { config, database, jobs, errors, log }: Wiring,
  { services, sender, renderPool }: { services: AppServices; sender: MailSender; renderPool: RenderPool },
): Promise<void> {
  if (config.role === "web") {
    await createEmailQueues(jobs);
    await createPaymentQueues(jobs);
    return;
  }
  const { db } = database;
  await startEmailWorker(jobs, {
    db,
    sender,
    appUrl: config.appUrl,
    supportEmail: config.supportEmail,
    accessLinkSecret: config.accessLinkSecret,
    renderPdf: (request) => renderPool.render(request),
    errors,
    now: services.account.now,
  });
  await startPaymentJobs(jobs, services.payments, errors);
  // Conversions and product events leave for the ad platforms and Amplitude only from jobs.
  await startForwardingJobs(jobs, {
    db,
    ...createForwardingAdapters(config.forwarding),
    appUrl: config.appUrl,
    now: services.account.now,
    log: log.child({ part: "forwarding" }),
  });
  await startHousekeepingJobs(jobs, { db, now: services.account.now });
  // Parents who paid a week ago are asked, once, how the kit is going.
  await startReviewRequestJob(jobs, { db, now: services.account.now });
  // Reminders to parents who did not buy, or whose kit closed: with their consent, at most twice and once.
  await startReminderJob(jobs, { db, now: services.account.now });
}
