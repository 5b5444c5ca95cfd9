import type { Config } from "@kinderready/config/config.server";
import type { FastifyInstance } from "fastify";
import type { ViteDevServer } from "vite";
import { metaPixelOrigin } from "../../../app/analytics/meta-pixel.ts";
import { contentSecurityPolicy, createNonce } from "../../content-security-policy.ts";

declare module "fastify" {
  interface FastifyRequest {
    cspNonce: string;
  }
}

/** A CSP nonce per request, and on every document its policy and the headers that keep it uncached. */
export function registerPageSecurityHeaders(
  pages: FastifyInstance,
  { config, vite }: { config: Pick<Config, "sentry" | "metaPixelId">; vite: ViteDevServer | undefined },
): void {
  // The browser sends its error reports straight to Sentry's ingest host, named by the DSN.
  const policyOrigins = {
    connect: config.sentry ? [new URL(config.sentry.dsn).origin] : [],
    // The Meta pixel is image requests, sent only where the visitor's consent allows.
    img: config.metaPixelId ? [metaPixelOrigin] : [],
  };
  pages.addHook("onRequest", async (request) => {
    request.cspNonce = createNonce();
  });
  pages.addHook("onSend", async (request, reply, payload) => {
    if (String(reply.getHeader("content-type") ?? "").startsWith("text/html")) {
      const header = vite ? "content-security-policy-report-only" : "content-security-policy";
      // A document that states a policy of its own keeps it (the console's email previews:
      // inline styles, no scripts, framed by the console only).
      if (!reply.hasHeader("content-security-policy")) {
        reply.header(header, contentSecurityPolicy(request.cspNonce, policyOrigins));
      }
      // Each document carries a fresh nonce and may depend on the language cookie.
      reply.header("cache-control", "private, no-cache");
      const vary = reply.getHeader("vary");
      reply.header("vary", [vary, "Cookie", "Accept-Language"].filter(Boolean).join(", "));
    }
    return payload;
  });
}
