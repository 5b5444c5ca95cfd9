import { databaseRetryAfterSeconds, isDatabaseUnavailable } from "@kinderready/db/database-unavailable";
import { describeError } from "@kinderready/db/describe-error";
import { DomainError, httpStatusOf } from "@kinderready/domain/domain-error";
import type { ErrorReporter } from "@kinderready/domain/error-reporting/error-reporter";
import { GatewayError, GatewayUnavailableError } from "@kinderready/domain/payments/payment-gateway";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { z } from "zod";

/** Seconds a client is asked to wait when the payment gateway gave no usable answer. */
const gatewayRetryAfterSeconds = 5;

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
  app.setErrorHandler((error: FastifyError | DomainError | GatewayError | GatewayUnavailableError, request, reply) => {
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
    if (error instanceof DomainError) {
      const statusCode = httpStatusOf[error.kind];
      return reply.status(statusCode).send({ message: `body.${error.field}: ${error.message}`, statusCode });
    }
    if (error instanceof GatewayError) {
      request.log.warn({ err: describeError(error) }, "payment gateway refused");
      return reply
        .status(502)
        .send({ message: `Payment gateway error ${error.code}`, statusCode: 502 } satisfies ErrorBody);
    }
    // Checked before the database: a refused connection to the gateway is not a database outage.
    if (error instanceof GatewayUnavailableError) {
      request.log.warn({ err: describeError(error), route: request.routeOptions.url }, "payment gateway unavailable");
      return reply
        .status(503)
        .header("retry-after", String(gatewayRetryAfterSeconds))
        .send({ message: "Payment gateway temporarily unavailable", statusCode: 503 } satisfies ErrorBody);
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
