import type { Logger } from "@kinderready/config/logger";
import * as Sentry from "@sentry/node";
import {
  createLocalErrorReporter,
  type ErrorReporter,
  type SentrySettings,
} from "../error-reporting/error-reporter.ts";
import { privateDataCollection, scrubEvent, scrubSpan } from "../error-reporting/scrub-event.ts";

/**
 * The SDK's integrations left out. Fastify's hook sees an error before our handler turns an
 * expected refusal (a AppError) into a 4xx, and would send those as server faults. A fault
 * nothing caught is the process's to report, once, before it exits (fatal-errors.ts in the web
 * app); the SDK's handlers would report it a second time, and keep a process running after a
 * rejection nobody awaited.
 */
const leftToTheProcess = new Set(["Fastify", "OnUncaughtException", "OnUnhandledRejection"]);

/**
 * Sentry's Node SDK for this process: every report is still logged, and to Sentry scrubbed
 * of personal data. Faults are reported where they are handled (the API error handler, the page
 * handler), not by the SDK's own hooks.
 */
export function createSentryErrorReporter(sentry: SentrySettings, log: Logger): ErrorReporter {
  Sentry.init({
    dsn: sentry.dsn,
    environment: sentry.environment,
    // Any sample rate, even 0, would load the tracing instrumentation.
    ...(sentry.tracesSampleRate > 0 && { tracesSampleRate: sentry.tracesSampleRate }),
    dataCollection: privateDataCollection,
    integrations: (defaults) => defaults.filter((integration) => !leftToTheProcess.has(integration.name)),
    beforeSend: scrubEvent,
    beforeSendSpan: scrubSpan,
  });
  const local = createLocalErrorReporter(log);
  return {
    name: "sentry",
    report(error, details) {
      local.report(error, details);
      Sentry.captureException(error, {
        ...(details.userId && { tags: { user_id: details.userId } }),
        extra: { msg: details.msg, ...details.extra },
      });
    },
    async close(timeoutMs) {
      await Sentry.close(timeoutMs);
    },
  };
}
