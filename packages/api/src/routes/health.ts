import { databaseRetryAfterSeconds } from "@kinderready/db/database-unavailable";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBody } from "../error-handler.ts";

const healthBody = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.enum(["up", "down"]),
  uptimeSeconds: z.number(),
});

export const healthRoutes: FastifyPluginAsyncZod<{ ping: () => Promise<boolean> }> = async (app, { ping }) => {
  app.get(
    "/health",
    {
      schema: {
        summary: "Liveness and database status",
        tags: ["system"],
        security: [],
        // 503: the database is down (the health body), or the process is shedding load and
        // answers before any route runs (the API's error shape).
        response: { 200: healthBody, 503: z.union([healthBody, errorBody]) },
      },
      // Load balancers poll every process from one address; with counts shared across processes
      // their checks would add up to the per-address limit and take every process out of service.
      config: { public: true, rateLimit: false },
    },
    async (_request, reply) => {
      const up = await ping();
      // Load balancers and clients may probe again when the database is likely back.
      if (!up) reply.header("retry-after", String(databaseRetryAfterSeconds));
      return reply
        .status(up ? 200 : 503)
        .header("cache-control", "no-store")
        .send({
          status: up ? "ok" : "degraded",
          database: up ? "up" : "down",
          uptimeSeconds: Math.round(process.uptime()),
        });
    },
  );
};
