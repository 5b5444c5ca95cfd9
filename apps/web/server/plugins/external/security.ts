import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import type { Config } from "@kinderready/config/config.server";
import type { FastifyInstance } from "fastify";
import { helmetOptions, permissionsPolicy } from "../../security-headers.ts";

/** Cookies, the security headers every answer carries, and compression (br, then gzip). */
export async function registerSecurity(app: FastifyInstance, config: Pick<Config, "appEnv">): Promise<void> {
  await app.register(cookie);
  await app.register(helmet, helmetOptions(config.appEnv));
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("permissions-policy", permissionsPolicy);
  });
  await app.register(compress, { encodings: ["br", "gzip"], threshold: 1024 });
}
