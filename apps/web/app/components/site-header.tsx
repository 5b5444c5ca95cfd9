import { type Locale, localeQueryParam, locales, localizePath } from "@kinderready/i18n/locales";
import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { useTranslation } from "../i18n/translation-context.tsx";
import { legalLinks } from "./legal-links.ts";

const drawerLegal = legalLinks.filter((link) => link.path !== "/terms/do-not-sell/");

/**
 * Top bar with the brand and the drawer menu. The drawer is an HTML popover: it opens before
 * hydration and without JavaScript, Esc and an outside click close it, and the browser keeps
 * aria-expanded on the button in step.
 */
export function SiteHeader({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const drawer = useRef<HTMLDivElement>(null);
  const location = useLocation();
  // On a page opened with the parent's token (the printables after paying), the printables link
  // keeps it. The profile does not take it: a token in a link signs nobody in, so the profile
  // shows this device's session or asks for an emailed sign-in link.
  const token = new URLSearchParams(location.search).get("token") ?? undefined;

  // Close the drawer when the page changes; not on hydration, which would shut a drawer the
  // parent opened while the scripts were still loading.
  const shownKey = useRef(location.key);
  useEffect(() => {
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    if (drawer.current?.matches(":popover-open")) drawer.current.hidePopover();
  }, [location.key]);

  return (
    <header className="site-header">
      <Link to={localizePath("/onboarding/", locale)} className="brand" aria-label={t("nav.home")}>
        <img src="/favicon.svg" alt="" width="32" height="32" />
        <span>{t("app.name")}</span>
      </Link>
      <button type="button" className="icon-button" popoverTarget="site-drawer">
        <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">{t("nav.openMenu")}</span>
      </button>
      <div id="site-drawer" ref={drawer} popover="auto" className="drawer" role="dialog" aria-label={t("nav.menu")}>
        <div className="drawer__panel">
          <button
            type="button"
            className="icon-button drawer__close"
            popoverTarget="site-drawer"
            popoverTargetAction="hide"
          >
            <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <span className="visually-hidden">{t("nav.closeMenu")}</span>
          </button>
          <nav aria-label={t("nav.menu")}>
            <ul className="drawer__list">
              <li>
                <Link to={withToken(localizePath("/printables/", locale), token)}>{t("nav.printables")}</Link>
              </li>
              <li>
                <Link to={localizePath("/profile/", locale)}>{t("nav.profile")}</Link>
              </li>
              <li>
                <Link to={localizePath("/contact/", locale)}>{t("nav.contactUs")}</Link>
              </li>
              {drawerLegal.map((link) => (
                <li key={link.path}>
                  <Link to={localizePath(link.path, locale)}>{t(link.label)}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-label={t("nav.language")} className="drawer__languages">
            <ul>
              {locales.map((entry) => (
                <li key={entry.code}>
                  <a
                    href={`${localizePath(location.pathname, entry.code)}?${localeQueryParam}=${entry.code}`}
                    hrefLang={entry.code}
                    lang={entry.code}
                    aria-current={entry.code === locale ? "true" : undefined}
                  >
                    {entry.name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </header>
  );
}

function withToken(path: string, token: string | undefined): string {
  return token ? `${path}?token=${encodeURIComponent(token)}` : path;
}
