import { PassThrough } from "node:stream";
import { serverI18n } from "@kinderready/i18n/server-i18n.server";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleDataRequestFunction, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { requestContext } from "#load-context";
import { isConsolePath } from "./console/console-paths.ts";
import { hadDatabaseOutage, noteDatabaseOutage, outageDataResponse, outageDocument } from "./database-outage.server.ts";
import { deferBoot } from "./deferred-boot.server.ts";
import { requestLocale } from "./i18n/request-locale.server.ts";
import { TranslatorProvider } from "./i18n/translation-context.tsx";
import { inlineStylesheet } from "./inline-stylesheet.server.ts";
import { InlineStylesheetContext } from "./inline-stylesheet.ts";
import { NonceContext } from "./nonce.ts";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce, errors } = loadContext.get(requestContext);
  const locale = requestLocale(request);
  // A page whose data the database could not give is a 503 to retry, not a broken page.
  if (hadDatabaseOutage(loadContext)) return outageDocument(request, locale, nonce);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const i18n = serverI18n(locale);

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and link-preview bots get the complete document in one piece.
    const readyOption: keyof RenderToPipeableStreamOptions =
      userAgent && isbot(userAgent) ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <InlineStylesheetContext.Provider value={inlineStylesheet()}>
          <TranslatorProvider translator={i18n}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </TranslatorProvider>
        </InlineStylesheetContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // A parent's page paints before its scripts run; the console boots as React Router does.
          if (isConsolePath(new URL(request.url).pathname)) pipe(body);
          else pipe(deferBoot()).pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) errors.report(error, { msg: "page render failed" });
        },
      },
    );
  });
}

/**
 * Loaders' and actions' unexpected faults, to the error reporter. Aborted requests and thrown
 * responses below 500 (a 404, a redirect) are not faults; nor is an unreachable database, which
 * turns the answer into a 503 (one warning per request).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (error && typeof error === "object" && "status" in error && Number(error.status) < 500) return;
  const { pathname } = new URL(request.url);
  const { log, errors } = context.get(requestContext);
  if (noteDatabaseOutage(error, context, { method: request.method, path: pathname }, log)) return;
  errors.report(error, { msg: "page request failed", extra: { method: request.method, path: pathname } });
};

/** Client navigations and fetchers: the same 503 when the database failed them. */
export const handleDataRequest: HandleDataRequestFunction = (response, { context }) =>
  hadDatabaseOutage(context) ? outageDataResponse(response) : response;
