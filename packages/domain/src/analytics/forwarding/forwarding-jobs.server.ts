import type { Logger } from "@kinderready/config/logger";
import { describeError } from "@kinderready/db/describe-error";
import type { Database } from "@kinderready/db/open-db";
import type { PgBoss } from "pg-boss";
import { forwardConversions } from "./conversion-forwarding.server.ts";
import type { AmplitudeHttp, ConversionAdapter } from "./forwarding-adapter.server.ts";
import { forwardProductEvents } from "./product-events-forwarding.server.ts";

export const conversionsJob = "conversion-forwarding";
export const productEventsJob = "product-events-forwarding";

export type ForwardingJobDeps = {
  db: Database;
  /** The configured destinations' adapters (none: nothing is scheduled). */
  conversions: ConversionAdapter[];
  /** Amplitude's, when configured: it also takes the stored product events. */
  amplitude: AmplitudeHttp | undefined;
  appUrl: string;
  now: () => Date;
  log: Logger;
};

/**
 * Every minute, one run at a time (singleton queues): conversions to each configured destination,
 * and, with Amplitude configured, the stored product-analytics events. With nothing configured
 * the schedules are removed, so no jobs pile up without a worker.
 */
export async function startForwardingJobs(boss: PgBoss, deps: ForwardingJobDeps): Promise<void> {
  const { conversions: adapters, amplitude: amplitudeHttp } = deps;

  if (adapters.length === 0) {
    await boss.unschedule(conversionsJob);
  } else {
    await boss.createQueue(conversionsJob, { policy: "singleton" });
    await boss.work(conversionsJob, async () => {
      const summary = await forwardConversions({ db: deps.db, adapters, appUrl: deps.appUrl, now: deps.now });
      if (summary.failed > 0) deps.log.error(summary, "conversion deliveries failed for good");
    });
    await boss.schedule(conversionsJob, "* * * * *");
  }

  if (!amplitudeHttp) {
    await boss.unschedule(productEventsJob);
    return;
  }
  await boss.createQueue(productEventsJob, { policy: "singleton" });
  await boss.work(productEventsJob, async () => {
    try {
      const result = await forwardProductEvents({ db: deps.db, amplitude: amplitudeHttp, now: deps.now });
      if (result.rejected > 0) deps.log.warn(result, "Amplitude refused invalid product events");
    } catch (error) {
      // The cursor stays put and the next run sends the batch again; say so, or it stalls unseen.
      deps.log.error({ err: describeError(error) }, "product events forwarding failed");
      throw error;
    }
  });
  await boss.schedule(productEventsJob, "* * * * *");
}
