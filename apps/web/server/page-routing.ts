import { emailLinkPrefix } from "@kinderready/domain/email/email-links.server";
import {
  chooseLocale,
  isLocale,
  type Locale,
  localeCookie,
  localeQueryParam,
  localizePath,
  splitLocalePath,
} from "@kinderready/i18n/locales";
import { isConsolePath } from "../app/console/console-paths.ts";
import { cookieString } from "../app/cookies.ts";

export type PageRoutingInput = {
  method: string;
  url: string;
  cookie: string | undefined;
  acceptLanguage: string | undefined;
};

export type PageRoutingDecision =
  | { kind: "pass"; locale?: Locale; setCookie?: Locale }
  | { kind: "redirect"; status: 302 | 308; location: string; setCookie?: Locale };

// Requests the React Router runtime makes for itself, and files, are not pages.
function isPageRequest(pathname: string): boolean {
  if (pathname.startsWith("/__manifest") || pathname.endsWith(".data")) return false;
  if (pathname.startsWith("/api/") || pathname === "/api") return false;
  // Endpoints the pages post to, links followed from emails (they lead on to a page in the
  // parent's language) and developer tools have one address, in no language.
  if (pathname.startsWith("/actions/") || pathname.startsWith("/dev/")) return false;
  if (pathname.startsWith(emailLinkPrefix)) return false;
  const lastSegment = pathname.slice(pathname.lastIndexOf("/") + 1);
  return !lastSegment.includes(".");
}

/**
 * The path with one slash wherever it had several, and none but one at its start: `//host/x`
 * (or `/\host/x`) read as an address is another site, and as a page it is `/host/x`. Undefined
 * when the path has no repeated slash.
 */
function singleSlashPath(path: string): string | undefined {
  const single = path.replace(/^[/\\]+/, "/").replace(/\/{2,}/g, "/");
  return single === path ? undefined : single;
}

/**
 * Repeated slashes to one (308, whatever the method, so nothing reads the path as another
 * site's), strict trailing slash (308), language choice (query, prefix, cookie,
 * Accept-Language, en), the redirect to the chosen language's path and the site root to
 * onboarding (302).
 */
export function routePageRequest(input: PageRoutingInput): PageRoutingDecision {
  const queryAt = input.url.indexOf("?");
  const [path, search] = queryAt < 0 ? [input.url, ""] : [input.url.slice(0, queryAt), input.url.slice(queryAt)];
  const single = singleSlashPath(path);
  if (single !== undefined) return { kind: "redirect", status: 308, location: `${single}${search}` };
  if (input.method !== "GET" && input.method !== "HEAD") return { kind: "pass" };
  const url = new URL(input.url, "http://localhost");
  if (!isPageRequest(url.pathname)) return { kind: "pass" };
  if (!url.pathname.endsWith("/")) {
    return { kind: "redirect", status: 308, location: `${url.pathname}/${url.search}` };
  }
  // The console has one address in every language: `?lang=` saves the operator's choice.
  if (isConsolePath(url.pathname)) {
    const chosen = url.searchParams.get(localeQueryParam);
    if (!isLocale(chosen)) return { kind: "pass" };
    url.searchParams.delete(localeQueryParam);
    return { kind: "redirect", status: 302, location: `${url.pathname}${url.search}`, setCookie: chosen };
  }
  const { locale } = chooseLocale({
    pathname: url.pathname,
    queryLang: url.searchParams.get(localeQueryParam) ?? undefined,
    cookie: input.cookie,
    acceptLanguage: input.acceptLanguage,
  });
  const setCookie = input.cookie === locale ? undefined : locale;
  const unprefixed = splitLocalePath(url.pathname).path;
  const target = localizePath(unprefixed === "/" ? "/onboarding/" : unprefixed, locale);
  if (target !== url.pathname) {
    url.searchParams.delete(localeQueryParam);
    return { kind: "redirect", status: 302, location: `${target}${url.search}`, ...(setCookie && { setCookie }) };
  }
  return { kind: "pass", locale, ...(setCookie && { setCookie }) };
}

/**
 * The language choice as a Set-Cookie value: a year, Lax, Secure when the site is on https, as
 * every cookie of the site; HttpOnly, since only the server reads it.
 */
export function localeSetCookie(locale: Locale, secure: boolean): string {
  return cookieString(localeCookie.name, locale, { maxAgeSeconds: localeCookie.maxAgeSeconds, secure, httpOnly: true });
}
