import type { ErrorReporter } from "@kinderready/domain/error-reporting/error-reporter";
import { failedAction } from "../action-failure.server.ts";

/**
 * A console change that failed, answered on its form: the field at fault (else the intent) and
 * the failure's message, by the mapping every action uses. `extra` goes back with it (the price
 * plan the form was about).
 */
export function failedChange<Extra extends object>(
  error: unknown,
  { errors, intent, extra }: { errors: ErrorReporter; intent: string; extra: Extra },
) {
  return failedAction(error, {
    errors,
    msg: "console change failed",
    extra: { intent },
    fallbackKey: "errors.generic",
    answer: (messageKey, { field }) => ({ ok: false as const, field: field ?? "intent", messageKey, ...extra }),
  });
}
