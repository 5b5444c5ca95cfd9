import { localeFromPath } from "@kinderready/i18n/locales";
import { type ReactNode, useEffect } from "react";
import { Outlet, type ShouldRevalidateFunctionArgs, useLocation, useRouteLoaderData } from "react-router";
import { AnalyticsTracker } from "../../analytics/analytics-tracker.tsx";
import { ConsentBanner } from "../../components/consent-banner.tsx";
import { EmailConfirmation } from "../../components/email-confirmation.tsx";
import { ErrorPage } from "../../components/error-page.tsx";
import { SiteFooter } from "../../components/site-footer.tsx";
import { SiteHeader } from "../../components/site-header.tsx";
import { StoreHydration } from "../../components/store-hydration.tsx";
import { SupportChat } from "../../components/support-chat.tsx";
import { answerAdConsentChoice } from "../../consent/ad-consent-choice.server.ts";
import { refuseUnknownLanguage } from "../../i18n/request-locale.server.ts";
import { pageMeta } from "../../page-meta.ts";
import type { loader as rootLoader } from "../../root.tsx";
import { useStoresHydrated } from "../../stores/create-persisted-store.ts";
import type { Route } from "./+types/funnel-layout";
import { loadFunnelLayout } from "./funnel-layout-route.server.ts";

// The parents' frame around every page of the funnel, in every language: header, footer, the
// consent banner, analytics and the saved answers.

export const middleware: Route.MiddlewareFunction[] = [
  (args, next) => {
    refuseUnknownLanguage(args);
    return next();
  },
  // The consent banner posts to the page it is on; its choice is the frame's, not the page's.
  async (args, next) => (await answerAdConsentChoice(args)) ?? next(),
];

export const loader = (args: Route.LoaderArgs) => loadFunnelLayout(args);

/**
 * Saved answers and the quiz position are the browser's; actions need not reload the frame. A new
 * page does: its search and share texts (the tab's title) are the frame's, so moving from the quiz
 * to the offer must not keep the quiz's title.
 */
export function shouldRevalidate({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod) return false;
  return currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData, location, matches }) => {
  const root = matches[0]?.loaderData;
  if (!loaderData || !root) return [];
  return pageMeta({
    appUrl: root.config.appUrl,
    pathname: location.pathname,
    locale: root.locale,
    seo: loaderData.seo,
  });
};

function Frame({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { pathname } = useLocation();
  const locale = root?.locale ?? localeFromPath(pathname);
  return (
    <>
      <SiteHeader locale={locale} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter locale={locale} supportEmail={root?.config.supportEmail} />
      {root?.config.supportChatUrl && <SupportChat url={root.config.supportChatUrl} />}
    </>
  );
}

export default function FunnelLayout({ loaderData, matches }: Route.ComponentProps) {
  const { config, locale } = matches[0].loaderData;
  const hydrated = useStoresHydrated((state) => state.hydrated);
  // The scripts have taken the page over: saved state is restored, and every effect that waited
  // for it has run (a parent's effects run after its children's). `<html data-ready>` says so to
  // whoever drives the page, such as the end-to-end tests.
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.ready = "";
  }, [hydrated]);
  return (
    <Frame>
      <StoreHydration isDev={config.isDev} />
      <ConsentBanner
        locale={locale}
        pixelId={config.metaPixelId}
        consentRequired={config.adsEnabled && loaderData.privacy.consentRequired}
        initialConsent={loaderData.privacy.adConsent ?? undefined}
      />
      <AnalyticsTracker locale={locale} />
      <EmailConfirmation />
      <Outlet />
    </Frame>
  );
}

// A page that fails keeps the frame, so the parent still has the header, the footer and the way home.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Frame>
      <ErrorPage error={error} />
    </Frame>
  );
}
