/**
 * Seconds a client is asked to wait (`Retry-After`) when the database is unreachable: about as
 * long as a PostgreSQL restart or a fail-over takes.
 */
export const databaseRetryAfterSeconds = 3;

// Socket errors of a server that is gone, restarting, or not reachable right now.
const socketCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);

// SQLSTATEs of a server that is shutting down or starting (57P01 admin_shutdown, 57P02
// crash_shutdown, 57P03 cannot_connect_now) or out of connection slots (53300).
const unavailableStates = new Set(["57P01", "57P02", "57P03", "53300"]);

// The outside world's adapters name their errors (payments, ad-platform forwarding).
const outboundErrorNames = new Set(["GatewayError", "GatewayUnavailableError", "DeliveryError"]);
const outboundCall = (error: Error) =>
  (error instanceof TypeError && error.message === "fetch failed") || outboundErrorNames.has(error.name);

// node-postgres and pg-pool report a lost or never-made connection with these plain messages.
const lostConnection =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout)/;

/**
 * Whether `error` (or any error in its `cause` chain, as Drizzle wraps the driver's) says the
 * database cannot be reached at the moment, rather than that the query or the data is wrong:
 * such requests deserve a 503 and a retry, not a bug report.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 10; depth += 1) {
    // A call to another service (fetch's "fetch failed", or an adapter's error naming its
    // service) carries the same socket codes; that service is down, not the database.
    if (outboundCall(current)) return false;
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") {
      if (socketCodes.has(code) || unavailableStates.has(code) || code.startsWith("08")) return true;
    }
    if (lostConnection.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}
