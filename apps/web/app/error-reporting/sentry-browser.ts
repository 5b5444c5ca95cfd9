import type { PublicConfig } from "@kinderready/config/config.server";
import { privateDataCollection, scrubEvent } from "@kinderready/domain/error-reporting/scrub-event";
import { captureException, init } from "@sentry/browser";

// Loaded only when reporting is on (client-error-reporting.ts imports it dynamically). Named
// imports here let the bundler drop the rest of the SDK (replay, feedback), which a dynamic
// import of "@sentry/browser" itself would keep.

export type Capture = (error: unknown, extra: Record<string, string | number>) => void;

export function startSentry(sentry: NonNullable<PublicConfig["sentry"]>): Capture {
  init({
    dsn: sentry.dsn,
    environment: sentry.environment,
    dataCollection: privateDataCollection,
    // Release-health sessions bypass beforeSend; the funnel does not need them.
    integrations: (defaults) => defaults.filter((integration) => integration.name !== "BrowserSession"),
    beforeSend: scrubEvent,
  });
  return (error, extra) => captureException(error, { extra });
}
