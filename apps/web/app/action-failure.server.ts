import type { ErrorReporter } from "@kinderready/domain/error-reporting/error-reporter";
import { knownFailure } from "@kinderready/domain/known-failure";
import { data } from "react-router";

/**
 * A page action's answer to an error it caught, by the one mapping the API uses too
 * (known-failure.ts): its status and Retry-After, the failure's own catalogue key (else the
 * page's `fallbackKey`). Anything unknown is reported and answered 502: the action was not done.
 */
export function failedAction<T>(
  error: unknown,
  options: { errors: ErrorReporter; msg: string; fallbackKey: string; answer: (messageKey: string) => T },
) {
  const known = knownFailure(error);
  if (!known || known.noteworthy) options.errors.report(error, { msg: options.msg });
  const headers = known?.retryAfterSeconds ? { "Retry-After": String(known.retryAfterSeconds) } : undefined;
  return data(options.answer(known?.messageKey ?? options.fallbackKey), { status: known?.status ?? 502, headers });
}
