import { createLocalErrorReporter, type ErrorReporter, type SentrySettings } from "./error-reporter.ts";

/** Sentry when configured (its SDK is loaded only then), else the stderr lines alone. */
export async function createErrorReporter(
  sentry: SentrySettings | undefined,
  write: (line: string) => void = console.error,
): Promise<ErrorReporter> {
  if (!sentry) return createLocalErrorReporter(write);
  const { createSentryErrorReporter } = await import("./sentry-error-reporter.server.ts");
  return createSentryErrorReporter(sentry, write);
}
