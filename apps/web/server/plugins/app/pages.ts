import type { Config } from "@kinderready/config/config.server";
import type { Logger } from "@kinderready/config/logger";
import { recordServerSightings } from "@kinderready/domain/analytics/visitor-funnel.server";
import type { AppServices } from "@kinderready/domain/app-services";
import type { ErrorReporter } from "@kinderready/domain/error-reporting/error-reporter";
import type { FastifyInstance } from "fastify";
import type { ViteDevServer } from "vite";
import { secureCookiesFor } from "../../../app/cookies.ts";
import type { RateLimitSharing } from "../../shared-rate-limit.ts";
import { createSightingBatch } from "../../sighting-batch.ts";
import { registerCsrf } from "./csrf.ts";
import { registerLocaleRouting } from "./locale-routing.ts";
import { registerPageCache } from "./page-cache-plugin.ts";
import { registerFormPostRateLimit } from "./page-rate-limit.ts";
import { registerPageRender } from "./page-render.ts";
import { registerPageSecurityHeaders } from "./page-security-headers.ts";
import { visitResolver } from "./page-visit.ts";

type PagesDeps = {
  config: Config;
  /** The micro-cache's entries and their lifetime (ADR 0052); a lifetime of 0 keeps nothing. */
  pageCache: { ttlMs: number; maxEntries: number };
  services: AppServices;
  errors: ErrorReporter;
  rateLimits: RateLimitSharing;
  log: Logger;
  /** Present in development: pages come from Vite with hot reload instead of the build. */
  vite: ViteDevServer | undefined;
};

/**
 * The server-rendered pages: form posts rate-limited and refused cross-site, a CSP nonce per
 * document, the language chosen (or redirected to) before React Router sees the request, the
 * micro-cache, and the per-request context loaders and actions read. Each step is a small
 * plugin of its own, registered in this order: their hooks run in it.
 */
export async function registerPages(app: FastifyInstance, deps: PagesDeps): Promise<void> {
  const { config, vite } = deps;
  const appOrigin = new URL(config.appUrl).origin;
  const secureCookies = secureCookiesFor(config.appUrl);
  const visitOf = visitResolver(deps, secureCookies);
  // The pages' funnel steps, and a cached page's again for each response, off the responses' path.
  const sightings = createSightingBatch((batch) => recordServerSightings(deps.services, batch), {
    errors: deps.errors,
  });
  app.addHook("onClose", () => sightings.settled());
  await app.register(async (pages) => {
    await registerFormPostRateLimit(pages, { config, rateLimits: deps.rateLimits });
    registerCsrf(pages, { appOrigin });
    registerPageSecurityHeaders(pages, { config, vite });
    registerLocaleRouting(pages, { secureCookies });
    if (deps.pageCache.ttlMs > 0)
      registerPageCache(pages, { pageCache: deps.pageCache, appOrigin, visitOf, sightings });
    await registerPageRender(pages, { ...deps, visitOf, sightings });
  });
}
