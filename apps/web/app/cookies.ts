// Cookies, read from a Cookie header (or document.cookie) and written as Set-Cookie values (or
// document.cookie assignments). Browser and server alike; one place for the format.

/** Cookies are Secure when the site is served over https; a local http site would lose them. */
export const secureCookiesFor = (appUrl: string): boolean => appUrl.startsWith("https:");

/** The named cookie's decoded value; undefined when absent or empty. */
export function readCookie(cookies: string | null | undefined, name: string): string | undefined {
  for (const part of (cookies ?? "").split(";")) {
    const separator = part.indexOf("=");
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw) || undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * A first-party cookie for the whole site: Lax (or Strict), Secure on https, kept
 * `maxAgeSeconds` (0 ends it). HttpOnly when scripts must not read it (it cannot be set by a
 * script then).
 */
export function cookieString(
  name: string,
  value: string,
  options: { maxAgeSeconds: number; secure: boolean; httpOnly?: boolean; sameSite?: "Lax" | "Strict" },
): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    "Path=/",
    `Max-Age=${options.maxAgeSeconds}`,
    ...(options.httpOnly ? ["HttpOnly"] : []),
    `SameSite=${options.sameSite ?? "Lax"}`,
    ...(options.secure ? ["Secure"] : []),
  ].join("; ");
}
