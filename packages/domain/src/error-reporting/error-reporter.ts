import type { Logger } from "@kinderready/config/logger";
import { describeError } from "@kinderready/db/describe-error";

/** What an unexpected fault is reported with: never an email, a token, a name or an address. */
export type ErrorDetails = {
  /** What failed, in a few words: the log line's `msg`. */
  msg: string;
  /** The parent's `users.id` (a uuid) where known; never the bearer token. */
  userId?: string | undefined;
  /** Small facts about where it failed: a request id, a route pattern, an intent. */
  extra?: Record<string, string | number | boolean | undefined>;
};

/** Sentry's settings (the configuration's `sentry`); the DSN names the project and its ingest host. */
export type SentrySettings = { dsn: string; environment: string; tracesSampleRate: number };

/** Where unexpected faults go: stderr only (local), or stderr and Sentry. */
export type ErrorReporter = {
  readonly name: "local" | "sentry";
  report(error: unknown, details: ErrorDetails): void;
  /** Sends what is still queued, within the time given; before the process exits. */
  close(timeoutMs: number): Promise<void>;
};

/** One log line per fault, at level error. */
export function createLocalErrorReporter(log: Logger): ErrorReporter {
  return {
    name: "local",
    report(error, { msg, userId, extra }) {
      log.error({ ...extra, ...(userId && { userId }), err: describeError(error) }, msg);
    },
    close: async () => {},
  };
}
