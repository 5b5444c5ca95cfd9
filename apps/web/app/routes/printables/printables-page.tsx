import type { ReviewInvitation } from "@kinderready/domain/reviews/reviews.server";
import type { UpsellDisplayMode } from "@kinderready/domain/upsell/upsell-schema";
import { upsellKind } from "@kinderready/domain/upsell-wire";
import { type Locale, localizePath } from "@kinderready/i18n/locales";
import { type KeyboardEvent, type MouseEvent, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { isPlainClick } from "../../components/plain-click.ts";
import { Trans, useTranslation } from "../../i18n/translation-context.tsx";
import { formatDate } from "../../payments/profile-format.ts";
import type { UpsellState } from "../../stores/upsell-store.ts";
import { KitArea, type KitData } from "./kit-area.tsx";
import { ReviewCard } from "./review-card.tsx";
import { UpsellOffer, type UpsellOfferData } from "./upsell-offer.tsx";
import { UpsellPopup } from "./upsell-popup.tsx";
import type { UpsellReturning } from "./upsell-result.ts";

const tabs = ["printables", "additional_packs"] as const;
type Tab = (typeof tabs)[number];
/** The address's parameter that opens the page on a tab: what a tab's link asks for. */
const tabParam = "tab";

/**
 * The printables page: the kit the parent owns (levels, items, add-on packs), and the upsells as
 * the operator chose to show them: a popup over the page (POPUP) or an "Additional packs" tab
 * beside the printables (TABS). A tab is a link to the page open on it, so a tap before the
 * scripts ran (or without them) still reaches the packs; with them it switches in place.
 */
export function PrintablesPage({
  locale,
  access,
  pausedUntil,
  offer,
  mode,
  returning,
  kit,
  popup,
  review,
}: {
  kit: KitData | undefined;
  popup: Pick<UpsellState, "isOpen" | "formKey">;
  locale: Locale;
  access: boolean;
  /** The subscription is paused: the kit opens again on this day (or sooner, resumed in the profile). */
  pausedUntil: string | null;
  offer: UpsellOfferData | undefined;
  mode: UpsellDisplayMode;
  returning: UpsellReturning | undefined;
  /** Whether to ask this parent for a review, and the one they wrote; null without a parent. */
  review: ReviewInvitation | null;
}) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const asked = new URLSearchParams(search).get(tabParam);
  const [tab, setTab] = useState<Tab>(returning || asked === "additional_packs" ? "additional_packs" : "printables");
  const tabRefs = useRef<Record<Tab, HTMLAnchorElement | null>>({ printables: null, additional_packs: null });
  const offersLeft = offer !== undefined && !(offer.owned.includes(upsellKind) && offer.owned.includes("lifetime"));
  const showTabs = mode === "TABS" && offersLeft;

  const owned = (
    <section
      className="page"
      aria-labelledby={showTabs ? undefined : "page-title"}
      aria-label={showTabs ? t("upsell.tabs.printables") : undefined}
    >
      {!showTabs && <h1 id="page-title">{t("pages.printables.heading")}</h1>}
      {access || (kit && (kit.core.length > 0 || kit.upsell.add_ons.length > 0)) ? (
        <>
          <p>{t("pages.printables.intro")}</p>
          {offer?.owned.includes("lifetime") && <p className="upsell__owned-lifetime">{t("upsell.owned.lifetime")}</p>}
          {kit && <KitArea kit={kit} locale={locale} />}
          {review && <ReviewCard invitation={review} />}
        </>
      ) : pausedUntil ? (
        <p>
          <Trans
            i18nKey="upsell.paused"
            values={{ date: formatDate(pausedUntil, locale) }}
            components={{ resume: <Link to={localizePath("/profile/subscription/", locale)} /> }}
          />
        </p>
      ) : (
        <>
          <p>
            {t("upsell.noAccess")} <Link to={localizePath("/purchase/", locale)}>{t("upsell.toOffer")}</Link>
          </p>
          <p>
            <Link to={localizePath("/profile/", locale)}>{t("profile.signIn.heading")}</Link>
          </p>
        </>
      )}
    </section>
  );

  if (!showTabs) {
    return (
      <>
        {owned}
        {mode === "POPUP" && offersLeft && offer && (
          <UpsellPopup offer={offer} locale={locale} returning={returning} arrival={popup} />
        )}
      </>
    );
  }

  // Tabs as the WAI-ARIA pattern: arrows move between them, Tab goes into the panel.
  const onKeyDown = (event: KeyboardEvent) => {
    const step = { ArrowRight: 1, ArrowLeft: -1, Home: -tabs.length, End: tabs.length }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const rtl = document.documentElement.dir === "rtl" && Math.abs(step) === 1 ? -1 : 1;
    const index = Math.min(Math.max(tabs.indexOf(tab) + step * rtl, 0), tabs.length - 1);
    const next = tabs[index] as Tab;
    setTab(next);
    tabRefs.current[next]?.focus();
  };
  const tabHref = (id: Tab) => {
    const query = new URLSearchParams(search);
    query.set(tabParam, id);
    return `${pathname}?${query}`;
  };
  const onTabClick = (event: MouseEvent, id: Tab) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    setTab(id);
  };

  return (
    <div className="upsell-tabs">
      <h1 id="page-title" className="upsell-tabs__heading">
        {t("pages.printables.heading")}
      </h1>
      <div role="tablist" aria-label={t("upsell.tabs.label")} className="upsell-tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((id) => (
          <a
            key={id}
            ref={(element) => {
              tabRefs.current[id] = element;
            }}
            href={tabHref(id)}
            role="tab"
            id={`tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            className="upsell-tabs__tab"
            onClick={(event) => onTabClick(event, id)}
          >
            {t(id === "printables" ? "upsell.tabs.printables" : "upsell.tabs.additionalPacks")}
          </a>
        ))}
      </div>
      <div role="tabpanel" id="panel-printables" aria-labelledby="tab-printables" hidden={tab !== "printables"}>
        {owned}
      </div>
      <div
        role="tabpanel"
        id="panel-additional_packs"
        aria-labelledby="tab-additional_packs"
        hidden={tab !== "additional_packs"}
      >
        <p className="upsell-popup__intro">{t("upsell.intro")}</p>
        {offer && (
          <UpsellOffer
            offer={offer}
            variant={offer.stage === "discount" ? "catchy" : "initial"}
            mode="TABS"
            locale={locale}
            headingLevel={2}
            returning={returning}
          />
        )}
      </div>
    </div>
  );
}
