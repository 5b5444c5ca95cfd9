import type { Logger } from "@kinderready/config/logger";
import { databaseRetryAfterSeconds, isDatabaseUnavailable } from "@kinderready/db/database-unavailable";
import { describeError } from "@kinderready/db/describe-error";
import { directionOf, type Locale } from "@kinderready/i18n/locales";
import { serverI18n } from "@kinderready/i18n/server-i18n.server";
import { createContext, type RouterContextProvider } from "react-router";

// Set on the request's context by the first loader or action that failed for want of a database.
const databaseOutage = createContext(false);

/**
 * When `error` says the database cannot be reached, marks the request (its answer becomes a 503)
 * and logs one warning for it; answers whether it did. Such an error is an outage, not a bug: the
 * caller reports nothing.
 */
export function noteDatabaseOutage(
  error: unknown,
  context: Readonly<RouterContextProvider>,
  where: { method: string; path: string },
  log: Logger,
): boolean {
  if (!isDatabaseUnavailable(error)) return false;
  if (!context.get(databaseOutage)) {
    context.set(databaseOutage, true);
    const { type, code, message } = describeError(error);
    log.warn({ ...where, err: { type, code, message } }, "database unavailable");
  }
  return true;
}

export function hadDatabaseOutage(context: Readonly<RouterContextProvider>): boolean {
  return context.get(databaseOutage);
}

const outageHeaders = () =>
  new Headers({ "Retry-After": String(databaseRetryAfterSeconds), "Cache-Control": "no-store" });

/**
 * The document a visitor gets while the database is down: 503, `Retry-After`, a few words in the
 * page's language and a "Try again" link to the same address. It needs nothing the outage took
 * away (no loader data, no scripts).
 */
export function outageDocument(request: Request, locale: Locale, nonce: string): Response {
  const headers = outageHeaders();
  if (request.method === "HEAD") return new Response(null, { status: 503, headers });
  const { pathname, search } = new URL(request.url);
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(unavailableHtml(locale, nonce, { path: pathname + search }), {
    status: 503,
    headers,
  });
}

/**
 * The body of that document; also what an overloaded process answers a page request with. The
 * visitor decides when to try again: a page that reloads itself (a meta refresh) moves focus
 * and the screen reader's place without asking, which WCAG 2.2.1 and axe-core refuse.
 */
export function unavailableHtml(locale: Locale, nonce: string, request: { path: string }): string {
  const { t } = serverI18n(locale);
  const title = escapeHtml(t("errors.unavailable"));
  return (
    `<!DOCTYPE html><html lang="${locale}" dir="${directionOf(locale)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${title}</title><style nonce="${escapeHtml(nonce)}">${outageStyle}</style></head>` +
    `<body><main><h1>${title}</h1><p>${escapeHtml(t("errors.unavailableHint"))}</p>` +
    `<a href="${escapeHtml(request.path)}">${escapeHtml(t("errors.tryAgain"))}</a></main></body></html>`
  );
}

/**
 * A client navigation's or fetcher's data request during an outage: a plain 503 (without React
 * Router's data marker), which the browser's router turns into a 503 route error for the error page.
 */
export async function outageDataResponse(response: Response): Promise<Response> {
  await response.body?.cancel();
  return new Response("Service temporarily unavailable", { status: 503, headers: outageHeaders() });
}

// The site's colours (app.css), inline: the outage page loads nothing else.
const outageStyle =
  "body{margin:0;min-height:100vh;display:grid;place-items:center;background:#fff8ec;color:#2b2540;" +
  "font:1.125rem/1.5 system-ui,sans-serif;text-align:center}main{max-width:32rem;padding:2rem}" +
  "a{display:inline-block;margin-top:1rem;padding:.75rem 1.5rem;border-radius:999px;background:#6b3fd4;" +
  "color:#fff;text-decoration:none;font-weight:700}a:focus-visible{outline:3px solid #1f6feb;outline-offset:2px}";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
