import type { DbHandle } from "@kinderready/db/open-db";
import type { EmailQueue } from "@kinderready/domain/email/email-queue.server";
import { type FastifyInstance, fastify } from "fastify";
import { apiPlugin } from "../api-plugin.ts";

/** The key the route tests send as `x-api-key`. */
export const testApiSecret = "test-secret-of-enough-length";

/** The API alone under /api/v1, on a test database, for `inject()`. */
export async function buildTestApi(database: DbHandle, emails: EmailQueue): Promise<FastifyInstance> {
  const app = fastify();
  await app.register(
    (api) =>
      apiPlugin(api, {
        apiSecret: testApiSecret,
        rateLimitMax: 10_000,
        ping: database.ping,
        services: { db: database.db, emails },
      }),
    { prefix: "/api/v1" },
  );
  await app.ready();
  return app;
}
