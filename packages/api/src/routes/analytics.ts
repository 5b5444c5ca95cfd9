import { analyticsEventNames } from "@kinderready/domain/analytics/analytics-events";
import { recordAnalyticsEvents, recordAnalyticsVisit } from "@kinderready/domain/analytics/analytics-ingest.server";
import {
  analyticsBatchSchema,
  analyticsPayloadSchema,
  deviceCookieName,
  deviceIdFromCookies,
} from "@kinderready/domain/analytics/analytics-schema";
import { listParentEvents } from "@kinderready/domain/analytics/parent-events.server";
import type { AppServices } from "@kinderready/domain/app-services";
import { userTokenSchema } from "@kinderready/domain/parents/parent-token";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type ErrorBody, errorBody } from "../error-handler.ts";

const errors = { 400: errorBody, 413: errorBody, 415: errorBody, 429: errorBody };

/**
 * Product analytics from the browser (public: pages send them without the API key), stored
 * under the device the request's `kr_device` cookie names (a body's device id is ignored). Both
 * answer 202 as soon as the rows are stored; nothing is forwarded during the request.
 */
export const analyticsRoutes: FastifyPluginAsyncZod<AppServices> = async (app, services) => {
  app.post(
    "/analytics",
    {
      config: { public: true },
      schema: {
        summary: "The analytics payload of a page view: attribution, device and place",
        tags: ["analytics"],
        body: analyticsPayloadSchema,
        response: { 202: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request, reply) => {
      await recordAnalyticsVisit(services, {
        payload: { ...request.body, device_id: deviceIdFromCookies(request.headers.cookie) },
        userAgent: request.headers["user-agent"],
        now: new Date(),
      });
      return reply.status(202).send({ ok: true });
    },
  );

  app.post(
    "/analytics/events",
    {
      // Kept under load: a refused batch is a step the funnel never counts, and storing one
      // costs one insert.
      config: { public: true, keepUnderLoad: true },
      // A batch of 100 events is about 30 KB; anything far bigger is not from our pages.
      bodyLimit: 128 * 1024,
      schema: {
        summary: "A batch of up to 100 funnel events from one device and session",
        tags: ["analytics"],
        body: analyticsBatchSchema,
        response: { 202: z.object({ accepted: z.number().int() }), ...errors },
      },
    },
    async (request, reply) => {
      const deviceId = deviceIdFromCookies(request.headers.cookie);
      if (!deviceId) {
        return reply.status(400).send({
          message: `cookie.${deviceCookieName}: must be the device cookie this site's pages set`,
          statusCode: 400,
        } satisfies ErrorBody);
      }
      const result = await recordAnalyticsEvents(services, {
        batch: { ...request.body, device_id: deviceId },
        now: new Date(),
      });
      return reply.status(202).send(result);
    },
  );

  app.get(
    "/analytics/users/:token/events",
    {
      schema: {
        summary: "A parent's latest analytics events, newest first (operator and support)",
        tags: ["analytics"],
        params: z.object({ token: userTokenSchema }),
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(1000).default(200) }),
        response: {
          200: z.object({
            events: z.array(
              z.object({
                event_id: z.string(),
                name: z.enum(analyticsEventNames),
                occurred_at: z.string(),
                page: z.string().nullable(),
                properties: z.record(z.string(), z.unknown()),
                user_properties: z.record(z.string(), z.unknown()),
              }),
            ),
          }),
          400: errorBody,
          401: errorBody,
          404: errorBody,
        },
      },
    },
    async (request) => ({
      events: await listParentEvents(services, {
        token: request.params.token,
        limit: request.query.limit,
      }),
    }),
  );
};
