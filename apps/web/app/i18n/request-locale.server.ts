import type { Locale } from "@kinderready/i18n/locales";
import { localeFromPath } from "@kinderready/i18n/locales";
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
