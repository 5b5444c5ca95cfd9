import type { AppServices } from "@kinderready/domain/app-services";
import { receiveWebhook } from "@kinderready/domain/payments/webhooks.server";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type ErrorBody, errorBody } from "../error-handler.ts";

/**
 * The gateway's webhooks. Public (the gateway has no API key) but signed: the signature covers
 * the raw bytes, so the body is kept as text. Stored and acknowledged at once; a job applies it.
 */
export const webhookRoutes: FastifyPluginAsyncZod<AppServices> = async (app, services) => {
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => done(null, body));
  app.post(
    "/solid/webhook",
    {
      // An overloaded process still takes them: a refused update waits for the gateway's retry.
      config: { public: true, rateLimit: false, keepUnderLoad: true },
      schema: {
        summary: "Order updates from the payment gateway, signed with the webhook key pair",
        tags: ["payments"],
        response: { 200: z.object({ received: z.boolean(), duplicate: z.boolean() }), 401: errorBody },
      },
    },
    async (request, reply) => {
      const receipt = await receiveWebhook(
        {
          db: services.db,
          jobs: services.jobs,
          keys: services.webhookKeys,
          gatewayName: services.payments.gatewayName,
        },
        { body: typeof request.body === "string" ? request.body : "", headers: request.headers },
      );
      if (receipt === "unauthorized") {
        return reply.status(401).send({ message: "Invalid webhook signature", statusCode: 401 } satisfies ErrorBody);
      }
      return { received: true, duplicate: receipt === "duplicate" };
    },
  );
};
