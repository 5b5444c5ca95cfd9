import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import type { ErrorBody } from "./error-handler.ts";

/**
 * Options of the Fastify instance the API is mounted on (apps/web/server/create-server.ts)
 * that a plugin cannot set for itself: the router answers some requests before any route runs.
 */
export const apiServerOptions = {
  bodyLimit: 256 * 1024,
  // User tokens travel in paths and may be 128 characters (userTokenSchema); the router's default
  // of 100 refused longer ones with 414 before the route could read them.
  routerOptions: { maxParamLength: 128 },
  frameworkErrors: answerFrameworkError,
};

/**
 * A path the router cannot read (bad percent-encoding, an over-long parameter) answers the one
 * error shape, naming the part at fault, instead of Fastify's `{ error, code, message, statusCode }`.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const messages: Record<string, string> = {
    FST_ERR_BAD_URL: "params: not a valid URL component",
    FST_ERR_MAX_PARAM_LENGTH: `params: longer than ${apiServerOptions.routerOptions.maxParamLength} characters`,
  };
  const statusCode = error.statusCode ?? 500;
  const message = messages[error.code] ?? "Internal server error";
  reply.status(statusCode).send({ message, statusCode } satisfies ErrorBody);
}
