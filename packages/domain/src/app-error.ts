/**
 * Every failure a caller can act on, by code. "Unavailable": a party the product depends on (the
 * payment gateway) refused or did not answer. "Busy": this process has no room for the work now
 * (every slot for it is taken); later, it may. "NothingToCancel": the parent has no renewal left
 * to stop, which a caller may take as done rather than as a fault.
 */
export const AppErrorCode = {
  Invalid: "invalid",
  Conflict: "conflict",
  NotFound: "not-found",
  RateLimited: "rate-limited",
  Unavailable: "unavailable",
  Busy: "busy",
  NothingToCancel: "nothing-to-cancel",
} as const;
export type AppErrorCode = (typeof AppErrorCode)[keyof typeof AppErrorCode];

/** The HTTP status each code means, for every transport (API routes and page actions). */
export const httpStatusOf: Record<AppErrorCode, number> = {
  [AppErrorCode.Invalid]: 400,
  [AppErrorCode.Conflict]: 409,
  [AppErrorCode.NotFound]: 404,
  [AppErrorCode.RateLimited]: 429,
  [AppErrorCode.Unavailable]: 502,
  [AppErrorCode.Busy]: 503,
  [AppErrorCode.NothingToCancel]: 409,
};

/**
 * A failure the caller can act on, naming the field at fault. Transports map the code to a
 * status with `httpStatusOf`; the key is the catalogue message for the browser. Callers branch
 * on the code, never on the message key.
 */
export class AppError extends Error {
  override name = "AppError";
  readonly code: AppErrorCode;
  readonly field: string;
  readonly messageKey: string | undefined;
  /** When a refusal for load or for too many attempts ends: the client's Retry-After. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: AppErrorCode,
    field: string,
    message: string,
    messageKey?: string,
    options: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.code = code;
    this.field = field;
    this.messageKey = messageKey;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}
