import type { PublicConfig } from "@kinderready/config/config.server";
import type { Geo } from "@kinderready/domain/geo/resolve-geo";
import type { OnboardingDeps } from "@kinderready/domain/onboarding/onboarding.server";
import { createContext } from "react-router";

/** What the Fastify server hands to every loader and to the document render. */
export type RequestContext = {
  /** Per-request Content-Security-Policy nonce for inline scripts and styles. */
  nonce: string;
  config: PublicConfig;
  /** Domain dependencies for loaders and actions; never serialised to the browser. */
  services: OnboardingDeps;
  /** The visitor's country and region (from trusted proxy headers, or by language). */
  geo: Geo;
};

export const requestContext = createContext<RequestContext>();
