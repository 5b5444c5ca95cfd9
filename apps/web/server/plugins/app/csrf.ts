import type { FastifyInstance } from "fastify";
import { isCrossSiteWrite } from "../../security-headers.ts";

/** Form posts from another site are refused before anything else looks at them. */
export function registerCsrf(pages: FastifyInstance, { appOrigin }: { appOrigin: string }): void {
  pages.addHook("onRequest", async (request, reply) => {
    if (isCrossSiteWrite(request.method, request.headers, request.host, appOrigin)) {
      return reply.status(403).header("cache-control", "no-store").send("Cross-site requests are refused.");
    }
  });
}
