import { loadConfig, type PublicConfig, toPublicConfig } from "@kinderready/config/config.server";
import { createLogger } from "@kinderready/config/logger";
import { recordServerSightings } from "@kinderready/domain/analytics/visitor-funnel.server";
import type { AppServices } from "@kinderready/domain/app-services";
import { createLocalErrorReporter } from "@kinderready/domain/error-reporting/error-reporter";
import { createRandomToken } from "@kinderready/domain/random-token";
import { RouterContextProvider } from "react-router";
import { requestContext } from "#load-context";

// Tests only: what a page loader or action gets from the server, for calling it directly.

/** The public configuration of a site at `origin`. */
export const routeTestConfig = (origin: string): PublicConfig =>
  toPublicConfig(loadConfig({ API_SECRET: "route-test-secret-0000", APP_URL: origin }));

/** One request's context: a visitor in Germany at `clientAddress`, errors written locally. */
export function routeTestContext(input: {
  config: PublicConfig;
  services: AppServices;
  clientAddress: string;
  /** The visitor's device cookie; a fresh one unless given. */
  deviceId?: string;
}): RouterContextProvider {
  const provided = new RouterContextProvider();
  const log = createLogger({ level: "warn" });
  provided.set(requestContext, {
    nonce: "nonce",
    config: input.config,
    services: input.services,
    geo: { countryCode: "DE", region: "", source: "locale" },
    clientAddress: input.clientAddress,
    deviceId: input.deviceId ?? createRandomToken(),
    errors: createLocalErrorReporter(log),
    log,
    // Written at once, so a test reads it as soon as the loader returns.
    recordSighting: (sighting) => recordServerSightings(input.services, [sighting]),
  });
  return provided;
}
