import { fileURLToPath } from "node:url";
import { type Config, toPublicConfig } from "@kinderready/config/config.server";
import type { AppServices } from "@kinderready/domain/app-services";
import type { ErrorReporter } from "@kinderready/domain/error-reporting/error-reporter";
import { fastifyReactRouter } from "@mcansh/react-router-fastify";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { requestContext } from "#load-context";
import type { SightingBatch } from "../../sighting-batch.ts";
import { noteSightingOnPage } from "./page-cache-plugin.ts";
import type { VisitResolver } from "./page-visit.ts";

const buildDirectory = fileURLToPath(new URL("../../../build", import.meta.url));

type PageRenderDeps = {
  config: Config;
  services: AppServices;
  errors: ErrorReporter;
  /** Present in development: pages come from Vite with hot reload instead of the build. */
  vite: ViteDevServer | undefined;
  visitOf: VisitResolver;
  sightings: SightingBatch;
};

/** React Router renders the pages (and serves the client build), each request with its own context. */
export async function registerPageRender(pages: FastifyInstance, deps: PageRenderDeps): Promise<void> {
  const { vite } = deps;
  await pages.register(fastifyReactRouter, {
    devServer: vite,
    // Imported once here; the adapter would otherwise resolve the module on every request.
    build: vite ? undefined : ((await import(/* @vite-ignore */ `${buildDirectory}/server/index.js`)) as ServerBuild),
    clientBuildDirectory: `${buildDirectory}/client`,
    mode: vite ? "development" : "production",
    staticOptions: { preCompressed: true },
    getLoadContext: loadContextFactory(deps),
  });
}

/** What every loader, action and the document render get: the services, and the visit's facts. */
function loadContextFactory({ config, services, errors, visitOf, sightings }: PageRenderDeps) {
  const publicConfig = toPublicConfig(config);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const context = new RouterContextProvider();
    const { geo, deviceId } = await visitOf(request, reply);
    const { cacheable } = request;
    context.set(requestContext, {
      nonce: request.cspNonce,
      config: publicConfig,
      services,
      geo,
      deviceId,
      clientAddress: request.ip,
      errors,
      log: request.log,
      recordSighting: (sighting) => {
        noteSightingOnPage(cacheable, sighting);
        return sightings.add(sighting);
      },
    });
    return context;
  };
}
