import cairoArabic from "@fontsource-variable/cairo/files/cairo-arabic-wght-normal.woff2?url";
import nunitoCyrillic from "@fontsource-variable/nunito/files/nunito-cyrillic-wght-normal.woff2?url";
import nunitoLatin from "@fontsource-variable/nunito/files/nunito-latin-wght-normal.woff2?url";
import { directionOf, localeFromPath } from "@kinderready/i18n/locales";
import { type ReactNode, useEffect } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { requestContext } from "#load-context";
import type { Route } from "./+types/root";
import { ErrorPage } from "./components/error-page.tsx";
import { ScrollOnNavigate } from "./components/scroll-on-navigate.tsx";
import { startClientErrorReporting } from "./error-reporting/client-error-reporting.ts";
import { catalogueComplete, cataloguesOf } from "./i18n/load-catalogue.ts";
import { requestLocale } from "./i18n/request-locale.server.ts";
import { useInlineStylesheet } from "./inline-stylesheet.ts";
import { useNonce } from "./nonce.ts";
import stylesheet from "./styles/app.css?url";
import { refuseUnstorableText } from "./unstorable-text.server.ts";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export const middleware: Route.MiddlewareFunction[] = [refuseUnstorableText];

/** A page opened from a quiz page waits for the texts that page left for later. */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async (_args, next) => {
    await catalogueComplete();
    return next();
  },
];

/** The document's language and the settings the browser may know; each frame (the parents', the console) adds its own. */
export function loader({ context, request }: Route.LoaderArgs) {
  return { locale: requestLocale(request), config: context.get(requestContext).config };
}

/** The language and settings do not change with a form post. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? false : defaultShouldRevalidate;
}

// The font of the page's script is fetched with the HTML instead of after the CSS.
function fontPreload(locale: string): string {
  if (locale === "ar") return cairoArabic;
  if (locale === "ru") return nunitoCyrillic;
  return nunitoLatin;
}

const zodJitless = "globalThis.__zod_globalConfig={jitless:true}";

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const inlineCss = useInlineStylesheet();
  const { pathname } = useLocation();
  const data = useRouteLoaderData<typeof loader>("root");
  const locale = data?.locale ?? localeFromPath(pathname);
  const sentry = data?.config.sentry;
  const catalogues = cataloguesOf(useMatches());
  // Here rather than in App, so a page that fails to render still reports.
  useEffect(() => {
    void startClientErrorReporting(sentry);
  }, [sentry]);
  return (
    <html lang={locale} dir={directionOf(locale)} data-catalogues={catalogues || undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#fff8ec" />
        {inlineCss ? (
          <style nonce={nonce}>{inlineCss}</style>
        ) : (
          // Under the dev server; built, the server inlines it and the browser renders nothing here.
          import.meta.env.DEV && <link rel="stylesheet" href={stylesheet} precedence="default" />
        )}
        <link rel="preload" href={fontPreload(locale)} as="font" type="font/woff2" crossOrigin="anonymous" />
        {/* Before any module defines a schema: zod's probe for `new Function` breaks our CSP (a
            reported violation, Lighthouse's best practices); zod reads this shared config object. */}
        <script nonce={nonce}>{zodJitless}</script>
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollOnNavigate />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

// Pages outside both frames (the console's sign-in, developer tools) and a failure of the root itself.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="main" tabIndex={-1}>
      <ErrorPage error={error} />
    </main>
  );
}
