/**
 * "unavailable": a party the product depends on (the payment gateway) refused or did not answer.
 * "busy": this process has no room for the work now (every slot for it is taken); later, it may.
 */
export type DomainErrorKind = "invalid" | "conflict" | "not-found" | "rate-limited" | "unavailable" | "busy";

/** The HTTP status each kind means, for every transport (API routes and page actions). */
export const httpStatusOf: Record<DomainErrorKind, number> = {
  invalid: 400,
  conflict: 409,
  "not-found": 404,
  "rate-limited": 429,
  unavailable: 502,
  busy: 503,
};

/**
 * A failure the caller can act on, naming the field at fault. Transports map the kind to a
 * status with `httpStatusOf`; the key is the catalogue message for the browser.
 */
export class DomainError extends Error {
  override name = "DomainError";
  readonly kind: DomainErrorKind;
  readonly field: string;
  readonly messageKey: string | undefined;
  /** When a refusal for load or for too many attempts ends: the client's Retry-After. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    kind: DomainErrorKind,
    field: string,
    message: string,
    messageKey?: string,
    options: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.kind = kind;
    this.field = field;
    this.messageKey = messageKey;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}
