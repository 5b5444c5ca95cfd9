import type { PublicConfig } from "@kinderready/config/config.server";
import { createContext } from "react-router";

/** What the Fastify server hands to every loader and to the document render. */
export type RequestContext = {
  /** Per-request Content-Security-Policy nonce for inline scripts and styles. */
  nonce: string;
  config: PublicConfig;
};

export const requestContext = createContext<RequestContext>();
