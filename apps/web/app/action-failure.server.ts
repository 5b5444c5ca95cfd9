import { isDatabaseUnavailable } from "@kinderready/db/database-unavailable";
import type { ErrorDetails, ErrorReporter } from "@kinderready/domain/error-reporting/error-reporter";
import { type KnownFailure, knownFailure } from "@kinderready/domain/known-failure";
import { data } from "react-router";

type Reporting = ErrorDetails & { errors: ErrorReporter };

/**
 * What a page action makes of an error it caught, by the one mapping the API uses too
 * (known-failure.ts). Anything unknown, and a gateway refusal, is reported. A database outage is
 * not the action's to answer: it is thrown on, and the request becomes the outage page (503).
 */
export function classifyFailure(error: unknown, reporting: Reporting): KnownFailure | undefined {
  if (isDatabaseUnavailable(error)) throw error;
  const known = knownFailure(error);
  if (!known || known.noteworthy)
    reporting.errors.report(error, { msg: reporting.msg, userId: reporting.userId, extra: reporting.extra });
  return known;
}

/**
 * A page action's answer to an error it caught: the mapped status and Retry-After, the failure's
 * own catalogue key (else the page's `fallbackKey`) and the field at fault. Anything unknown is
 * answered 500, as the API does: the action was not done.
 */
export function failedAction<T>(
  error: unknown,
  options: Reporting & {
    fallbackKey: string;
    answer: (messageKey: string, failure: { field: string | undefined }) => T;
  },
) {
  const known = classifyFailure(error, options);
  const headers = known?.retryAfterSeconds ? { "Retry-After": String(known.retryAfterSeconds) } : undefined;
  return data(options.answer(known?.messageKey ?? options.fallbackKey, { field: known?.field }), {
    status: known?.status ?? 500,
    headers,
  });
}
