import { AppError, type AppErrorCode, httpStatusOf } from "./app-error.ts";
import { GatewayError, GatewayUnavailableError } from "./payments/payment-gateway.ts";

/**
 * The one mapping from an error to what a client is told, for every transport (API routes and
 * page actions): the status, the field at fault, a message for API clients and a catalogue key
 * for the pages. Anything it does not know is a bug: the transport reports it and answers
 * without its details.
 */
export type KnownFailure = {
  status: number;
  field: string | undefined;
  /** For API clients: names the field (`body.email: …`). */
  message: string;
  /** For the pages: the catalogue message, when the failure has its own. */
  messageKey: string | undefined;
  /** Set when the client may simply try again later. */
  retryAfterSeconds: number | undefined;
  /** Worth a person's look (a gateway refusal), though the client was answered correctly. */
  noteworthy: boolean;
};

/** Seconds a client is asked to wait when the payment gateway gave no usable answer. */
export const gatewayRetryAfterSeconds = 5;

const failure = (status: number, message: string, details: Partial<KnownFailure> = {}): KnownFailure => ({
  status,
  message,
  field: undefined,
  messageKey: undefined,
  retryAfterSeconds: undefined,
  noteworthy: false,
  ...details,
});

export function knownFailure(error: unknown): KnownFailure | undefined {
  if (error instanceof AppError) {
    return failure(httpStatusOf[error.code], `body.${error.field}: ${error.message}`, {
      field: error.field,
      messageKey: error.messageKey,
      retryAfterSeconds: error.retryAfterSeconds,
    });
  }
  if (error instanceof GatewayError) {
    return failure(502, `Payment gateway error ${error.code}`, { noteworthy: true });
  }
  // An outage is expected noise (reconciliation settles what was under way), not a bug.
  if (error instanceof GatewayUnavailableError) {
    return failure(503, "Payment gateway temporarily unavailable", { retryAfterSeconds: gatewayRetryAfterSeconds });
  }
  return undefined;
}

/** The code of a failure the domain raised on purpose; undefined for anything else, a bug included. */
export function failureCode(error: unknown): AppErrorCode | undefined {
  return error instanceof AppError ? error.code : undefined;
}
