import cairoArabic from "@fontsource-variable/cairo/files/cairo-arabic-wght-normal.woff2?url";
import nunitoCyrillic from "@fontsource-variable/nunito/files/nunito-cyrillic-wght-normal.woff2?url";
import nunitoLatin from "@fontsource-variable/nunito/files/nunito-latin-wght-normal.woff2?url";
import { adConsentRequired, readAdConsent } from "@kinderready/domain/consent/ad-consent";
import { directionOf, localeFromPath, splitLocalePath } from "@kinderready/i18n/locales";
import { serverI18n } from "@kinderready/i18n/server-i18n.server";
import { type ReactNode, useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import { requestContext } from "#load-context";
import type { Route } from "./+types/root";
import { track } from "./analytics/analytics.ts";
import { AnalyticsTracker } from "./analytics/analytics-tracker.tsx";
import { reloadAfterChunkError } from "./chunk-reload.ts";
import { ConsentBanner } from "./components/consent-banner.tsx";
import { EmailConfirmation } from "./components/email-confirmation.tsx";
import { ErrorPageBoundary } from "./components/error-page-boundary.tsx";
import { ScrollOnNavigate } from "./components/scroll-on-navigate.tsx";
import { SiteFooter } from "./components/site-footer.tsx";
import { SiteHeader } from "./components/site-header.tsx";
import { StoreHydration } from "./components/store-hydration.tsx";
import { SupportChat } from "./components/support-chat.tsx";
import { consoleLocale, isConsolePath } from "./console/console-paths.ts";
import { startClientErrorReporting } from "./error-reporting/client-error-reporting.ts";
import { useTranslation } from "./i18n/translation-context.tsx";
import { useInlineStylesheet } from "./inline-stylesheet.ts";
import { useNonce } from "./nonce.ts";
import { pageMeta } from "./page-meta.ts";
import { pageForPath } from "./pages.ts";
import stylesheet from "./styles/app.css?url";
import { refuseUnstorableText } from "./unstorable-text.server.ts";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export const middleware: Route.MiddlewareFunction[] = [refuseUnstorableText];

export async function loader({ url, context, request }: Route.LoaderArgs) {
  const { config, geo } = context.get(requestContext);
  const { pathname } = url;
  const consolePage = isConsolePath(pathname);
  const locale = consolePage
    ? consoleLocale(request.headers.get("cookie"), request.headers.get("accept-language"))
    : localeFromPath(pathname);
  const t = serverI18n(locale).t;
  const page = pageForPath(splitLocalePath(pathname).path);
  return {
    locale,
    consolePage,
    config,
    // Where the visitor is decides whether ads wait for consent; the banner's choice, if made.
    privacy: {
      consentRequired: adConsentRequired(geo.countryCode),
      adConsent: readAdConsent(request.headers.get("cookie")) ?? null,
    },
    seo: {
      title: consolePage ? t("console:title") : t("meta.titleTemplate", { title: t(`meta.titles.${page.title}`) }),
      description: t("meta.description"),
      imageAlt: t("meta.imageAlt"),
      siteName: t("app.name"),
    },
  };
}

/** Saved answers and the quiz position are the browser's; actions need not reload the shell. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData, location }) => {
  if (!loaderData) return [];
  // The console is nobody's landing page: no share preview, and search engines stay out.
  if (loaderData.consolePage) return [{ title: loaderData.seo.title }, { name: "robots", content: "noindex" }];
  return pageMeta({
    appUrl: loaderData.config.appUrl,
    pathname: location.pathname,
    locale: loaderData.locale,
    seo: loaderData.seo,
  });
};

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
  // The operator console has its own header (consoleLayout); parents' chrome stays out of it.
  const consolePage = isConsolePath(pathname);
  const sentry = data?.config.sentry;
  // Here rather than in App, so a page that fails to render still reports.
  useEffect(() => {
    void startClientErrorReporting(sentry);
  }, [sentry]);
  return (
    <html lang={locale} dir={directionOf(locale)}>
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
        {!consolePage && <SiteHeader locale={locale} />}
        {consolePage ? (
          children
        ) : (
          <main id="main" tabIndex={-1}>
            {children}
          </main>
        )}
        {!consolePage && <SiteFooter locale={locale} supportEmail={data?.config.supportEmail} />}
        {!consolePage && data?.config.supportChatUrl && <SupportChat url={data.config.supportChatUrl} />}
        <ScrollOnNavigate />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  if (loaderData.consolePage) return <Outlet />;
  return (
    <>
      <StoreHydration isDev={loaderData.config.isDev} />
      <ConsentBanner
        locale={loaderData.locale}
        pixelId={loaderData.config.metaPixelId}
        consentRequired={loaderData.config.adsEnabled && loaderData.privacy.consentRequired}
        initialConsent={loaderData.privacy.adConsent ?? undefined}
      />
      <AnalyticsTracker locale={loaderData.locale} />
      <EmailConfirmation />
      <Outlet />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorPageBoundary>
      <ErrorPage error={error} />
    </ErrorPageBoundary>
  );
}

function ErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A post held text that cannot be stored, or a form that cannot be read (app/unstorable-text.server.ts).
  const badInput = isRouteErrorResponse(error) && ["unstorable-text", "unreadable-form"].includes(error.data?.reason);
  if (!notFound) reloadAfterChunkError(error);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  useEffect(() => {
    track("error_shown", { status });
  }, [status]);
  const home = localeFromPath(pathname) === "en" ? "/" : `/${localeFromPath(pathname)}/`;
  // 503: the database was briefly out (app/database-outage.server.ts); trying again will do.
  const [title, hint] = notFound
    ? [t("errors.notFound"), t("errors.notFoundHint")]
    : badInput
      ? [t("errors.badInput"), t("errors.badInputHint")]
      : status === 503
        ? [t("errors.unavailable"), t("errors.unavailableHint")]
        : [t("errors.generic"), t("errors.genericHint")];
  return (
    <section className="page page--centered" aria-labelledby="error-title">
      <h1 id="error-title">{title}</h1>
      <p>{hint}</p>
      <a className="button" href={home}>
        {t("errors.backHome")}
      </a>
    </section>
  );
}
