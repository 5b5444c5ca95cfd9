import type { ErrorReporter } from "@kinderready/domain/error-reporting/error-reporter";

type Options = {
  source?: Pick<NodeJS.EventEmitter, "on">;
  exit?: (code: number) => void;
  /** Runs once, before the report is sent and the process exits. */
  beforeExit?: () => void;
};

/**
 * A fault nothing caught (an exception, or a rejection nobody awaited) leaves the process in a
 * state nobody knows: it is reported (to Sentry too, when configured), the report is sent within
 * 2 s, and the process exits with 1, for its supervisor to start a fresh one.
 */
export function exitOnFatalErrors(
  errors: ErrorReporter,
  { source = process, exit = (code) => process.exit(code), beforeExit }: Options = {},
): void {
  let exiting = false;
  const fatal = (msg: string) => (error: unknown) => {
    errors.report(error, { msg });
    if (exiting) return;
    exiting = true;
    beforeExit?.();
    void errors.close(2_000).finally(() => exit(1));
  };
  source.on("uncaughtException", fatal("uncaught exception"));
  source.on("unhandledRejection", fatal("unhandled rejection"));
}
