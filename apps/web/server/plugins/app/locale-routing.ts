import { localeCookie } from "@kinderready/i18n/locales";
import type { FastifyInstance } from "fastify";
import { localeSetCookie, routePageRequest } from "../../page-routing.ts";

/** The language is chosen (or redirected to) before React Router sees the request. */
export function registerLocaleRouting(pages: FastifyInstance, { secureCookies }: { secureCookies: boolean }): void {
  pages.addHook("onRequest", async (request, reply) => {
    const decision = routePageRequest({
      method: request.method,
      url: request.url,
      cookie: request.cookies[localeCookie.name],
      acceptLanguage: request.headers["accept-language"],
    });
    if (decision.setCookie) reply.header("set-cookie", localeSetCookie(decision.setCookie, secureCookies));
    if (decision.kind === "redirect") {
      return reply.header("cache-control", "no-store").redirect(decision.location, decision.status);
    }
  });
}
