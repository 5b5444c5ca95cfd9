// Locale data and the language-choice rules shared by the server hook and the React app.

export const locales = [
  { code: "en", name: "English", dir: "ltr" },
  { code: "ru", name: "Русский", dir: "ltr" },
  { code: "es", name: "Español", dir: "ltr" },
  { code: "fr", name: "Français", dir: "ltr" },
  { code: "ar", name: "العربية", dir: "rtl" },
  { code: "de", name: "Deutsch", dir: "ltr" },
  { code: "pt", name: "Português", dir: "ltr" },
] as const;

export type Locale = (typeof locales)[number]["code"];
export type TextDirection = "ltr" | "rtl";

export const defaultLocale: Locale = "en";
export const localeCodes: readonly Locale[] = locales.map((locale) => locale.code);

/** Cookie that remembers the language choice for a year; its flags are set where it is written. */
export const localeCookie = { name: "i18n_redirected", maxAgeSeconds: 365 * 24 * 60 * 60 } as const;

/** Query parameter that forces a language. */
export const localeQueryParam = "lang";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (localeCodes as readonly string[]).includes(value);
}

export function directionOf(locale: Locale): TextDirection {
  return locale === "ar" ? "rtl" : "ltr";
}

/** Splits `/ru/onboarding/` into the prefix locale (if any) and the unprefixed path. */
export function splitLocalePath(pathname: string): { prefix: Locale | undefined; path: string } {
  const match = /^\/([a-z]{2})(?=\/|$)(.*)$/.exec(pathname);
  if (match && isLocale(match[1]) && match[1] !== defaultLocale) {
    return { prefix: match[1], path: match[2] || "/" };
  }
  return { prefix: undefined, path: pathname };
}

export function localeFromPath(pathname: string): Locale {
  return splitLocalePath(pathname).prefix ?? defaultLocale;
}

/** `/onboarding/` in `ru` is `/ru/onboarding/`; English has no prefix. */
export function localizePath(path: string, locale: Locale): string {
  const clean = splitLocalePath(path).path;
  return locale === defaultLocale ? clean : `/${locale}${clean}`;
}

/** Best supported locale for an Accept-Language header, honouring q-values; undefined if none fits. */
export function negotiateLocale(acceptLanguage: string | undefined): Locale | undefined {
  if (!acceptLanguage) return undefined;
  const ranked = acceptLanguage
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return {
        language: tag.toLowerCase().split("-")[0] ?? "",
        quality: Number.isFinite(quality) ? quality : 0,
        index,
      };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked.map((entry) => entry.language).find(isLocale);
}

/**
 * The language of a request: forced by query, else URL prefix, else saved cookie,
 * else the browser's Accept-Language, else English.
 */
export function chooseLocale(input: {
  pathname: string;
  queryLang?: string | undefined;
  cookie?: string | undefined;
  acceptLanguage?: string | undefined;
}): { locale: Locale; source: "query" | "prefix" | "cookie" | "header" | "default" } {
  if (isLocale(input.queryLang)) return { locale: input.queryLang, source: "query" };
  const { prefix } = splitLocalePath(input.pathname);
  if (prefix) return { locale: prefix, source: "prefix" };
  if (isLocale(input.cookie)) return { locale: input.cookie, source: "cookie" };
  const negotiated = negotiateLocale(input.acceptLanguage);
  if (negotiated) return { locale: negotiated, source: "header" };
  return { locale: defaultLocale, source: "default" };
}
