import type { PublicConfig } from "@kinderready/config/config.server";
import type { Logger } from "@kinderready/config/logger";
import type { ServerSighting } from "@kinderready/domain/analytics/visitor-funnel.server";
import type { AppServices } from "@kinderready/domain/app-services";
import type { ErrorReporter } from "@kinderready/domain/error-reporting/error-reporter";
import type { Geo } from "@kinderready/domain/geo/resolve-geo";
import { createContext } from "react-router";

/** What the Fastify server hands to every loader and to the document render. */
export type RequestContext = {
  /** Per-request Content-Security-Policy nonce for inline scripts and styles. */
  nonce: string;
  config: PublicConfig;
  /** Domain dependencies for loaders and actions; never serialised to the browser. */
  services: AppServices;
  /** The visitor's country and region, once per visit (packages/domain/src/geo/visit-geo.server.ts). */
  geo: Geo;
  /** The visitor's device id (the `kr_device` cookie, set by the server on a first page). */
  deviceId: string;
  /** The client's address as the server sees it (the forwarded one behind a trusted proxy). */
  clientAddress: string;
  /** Where loaders and actions report unexpected faults (stderr, and Sentry when configured). */
  errors: ErrorReporter;
  /** The request's logger: every line carries its request id. */
  log: Logger;
  /**
   * Where this request's funnel steps go: queued and written with other requests' off the
   * response's path (server/sighting-batch.ts); the page micro-cache also keeps them, to record
   * them again for each response it serves from this render.
   */
  recordSighting: (sighting: ServerSighting & { steps: readonly string[] }) => Promise<void>;
};

export const requestContext = createContext<RequestContext>();
