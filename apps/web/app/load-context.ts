import type { PublicConfig } from "@kinderready/config/config.server";
import type { AppServices } from "@kinderready/domain/app-services";
import type { Geo } from "@kinderready/domain/geo/resolve-geo";
import { createContext } from "react-router";

/** What the Fastify server hands to every loader and to the document render. */
export type RequestContext = {
  /** Per-request Content-Security-Policy nonce for inline scripts and styles. */
  nonce: string;
  config: PublicConfig;
  /** Domain dependencies for loaders and actions; never serialised to the browser. */
  services: AppServices;
  /** The visitor's country and region (from trusted proxy headers, or by language). */
  geo: Geo;
  /** The client's address as the server sees it (the forwarded one behind a trusted proxy). */
  clientAddress: string;
};

export const requestContext = createContext<RequestContext>();
