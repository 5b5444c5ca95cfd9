import { chooseLocale, type Locale, localeCookie } from "@kinderready/i18n/locales";
import { readCookie } from "../cookies.ts";

// The operator console has one address in every language (no prefix): its language is the
// operator's choice (the same language cookie as the parents' pages), else the browser's.

export const consoleRoot = "/admin/";

export function isConsolePath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith(consoleRoot);
}

export function consoleLocale(cookieHeader: string | null, acceptLanguage: string | null): Locale {
  return chooseLocale({
    pathname: "/",
    cookie: readCookie(cookieHeader, localeCookie.name),
    acceptLanguage: acceptLanguage ?? undefined,
  }).locale;
}
