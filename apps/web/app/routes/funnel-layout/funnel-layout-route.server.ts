import { adConsentRequired } from "@kinderready/domain/consent/ad-consent";
import { localeFromPath, splitLocalePath } from "@kinderready/i18n/locales";
import { serverI18n } from "@kinderready/i18n/server-i18n.server";
import { requestContext } from "#load-context";
import { readAdConsent } from "../../consent/ad-consent-cookie.ts";
import { pageForPath } from "../../pages.ts";
import type { Route } from "./+types/funnel-layout";

// Server side of the parents' frame: the page's search and share texts, and the ad-consent facts.

export function loadFunnelLayout({ url, context, request }: Route.LoaderArgs) {
  const { geo } = context.get(requestContext);
  const locale = localeFromPath(url.pathname);
  const { t } = serverI18n(locale);
  const page = pageForPath(splitLocalePath(url.pathname).path);
  return {
    // Where the visitor is decides whether ads wait for consent; the banner's choice, if made.
    privacy: {
      consentRequired: adConsentRequired(geo.countryCode),
      adConsent: readAdConsent(request.headers.get("cookie")) ?? null,
    },
    seo: {
      title: t("meta.titleTemplate", { title: t(`meta.titles.${page.title}`) }),
      description: t("meta.description"),
      imageAlt: t("meta.imageAlt"),
      siteName: t("app.name"),
    },
  };
}
