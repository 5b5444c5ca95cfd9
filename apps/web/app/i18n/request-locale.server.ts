import type { Locale } from "@kinderready/i18n/locales";
import { localeFromPath, splitLocalePath } from "@kinderready/i18n/locales";
import { data } from "react-router";
import { consoleLocale, isConsolePath } from "../console/console-paths.ts";

/**
 * The language a request is answered in: the path's on parents' pages; on the console, whose
 * address carries no language, the operator's choice (cookie, else the browser's).
 */
export function requestLocale(request: Request): Locale {
  const { pathname } = new URL(request.url);
  return isConsolePath(pathname)
    ? consoleLocale(request.headers.get("cookie"), request.headers.get("accept-language"))
    : localeFromPath(pathname);
}

/**
 * A page's first segment is its language only when it names one with a prefix (`/ru/…`): any
 * other (`/xx/onboarding/`, `/en/onboarding/`) is an unknown address, refused before a loader runs.
 */
export function refuseUnknownLanguage({ request, params }: { request: Request; params: { lang?: string } }): void {
  if (params.lang !== undefined && splitLocalePath(new URL(request.url).pathname).prefix !== params.lang) {
    throw data(null, { status: 404 });
  }
}
