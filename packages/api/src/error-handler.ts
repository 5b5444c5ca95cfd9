import { databaseRetryAfterSeconds, isDatabaseUnavailable } from "@kinderready/db/database-unavailable";
import { describeError } from "@kinderready/db/describe-error";
import type { ErrorReporter } from "@kinderready/domain/error-reporting/error-reporter";
import { knownFailure } from "@kinderready/domain/known-failure";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { z } from "zod";

/** The one error shape every API answer uses. */
export const errorBody = z.object({
  message: z.string(),
  statusCode: z.number().int(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/**
 * Turns any thrown error into `{ message, statusCode }`. Validation errors name the field
 * (`body.email: Invalid email address`); unexpected errors never leak their internals, and go
 * to the error reporter. A database that cannot be reached answers 503 with `Retry-After`: the
 * client may try again shortly, and an outage is not a bug to report once per request.
 */
export function installErrorHandler(app: FastifyInstance, errors: ErrorReporter): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? "request";
      const message = error.validation
        .map((issue) => {
          const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
          return `${where}${field ? `.${field}` : ""}: ${issue.message}`;
        })
        .join("; ");
      return reply.status(400).send({ message, statusCode: 400 } satisfies ErrorBody);
    }
    // Checked before the database: a refused connection to the gateway is not a database outage.
    const known = knownFailure(error);
    if (known) {
      if (known.noteworthy || known.retryAfterSeconds) {
        request.log.warn({ err: describeError(error), route: request.routeOptions.url }, known.message);
      }
      if (known.retryAfterSeconds) reply.header("retry-after", String(known.retryAfterSeconds));
      return reply.status(known.status).send({ message: known.message, statusCode: known.status } satisfies ErrorBody);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: describeError(error), route: request.routeOptions.url }, "database unavailable");
      return reply
        .status(503)
        .header("retry-after", String(databaseRetryAfterSeconds))
        .send({ message: "Service temporarily unavailable", statusCode: 503 } satisfies ErrorBody);
    }
    const statusCode = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (statusCode >= 500 || isResponseSerializationError(error)) {
      // The route's pattern, never its path: API paths carry user tokens.
      errors.report(error, { msg: "request failed", extra: { reqId: request.id, route: request.routeOptions.url } });
      return reply.status(500).send({ message: "Internal server error", statusCode: 500 } satisfies ErrorBody);
    }
    return reply.status(statusCode).send({ message: error.message, statusCode } satisfies ErrorBody);
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ message: `Route ${request.method} ${request.url} not found`, statusCode: 404 } satisfies ErrorBody);
  });
}
