import type { Logger } from "@kinderready/config/logger";
import {
  createLocalErrorReporter,
  type ErrorReporter,
  type SentrySettings,
} from "../error-reporting/error-reporter.ts";

/** Sentry when configured (its SDK is loaded only then), else the log lines alone. */
export async function createErrorReporter(sentry: SentrySettings | undefined, log: Logger): Promise<ErrorReporter> {
  if (!sentry) return createLocalErrorReporter(log);
  const { createSentryErrorReporter } = await import("./sentry-error-reporter.server.ts");
  return createSentryErrorReporter(sentry, log);
}
