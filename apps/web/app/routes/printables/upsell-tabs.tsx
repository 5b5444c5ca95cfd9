import type { Locale } from "@kinderready/i18n/locales";
import type { ReactNode } from "react";
import { useTabTitle } from "../../components/use-tab-title.ts";
import { useTranslation } from "../../i18n/translation-context.tsx";
import { UpsellOffer, type UpsellOfferData } from "./upsell-offer.tsx";
import type { UpsellReturning } from "./upsell-result.ts";
import { type PrintablesTabs, printablesTabs } from "./use-printables-tabs.ts";

/** TABS mode: the printables and an "Additional packs" tab beside them with the offer. */
export function UpsellTabs({
  tabs,
  owned,
  offer,
  locale,
  returning,
}: {
  /** The tab shown, and the handlers moving between them (kept by the page across renders). */
  tabs: PrintablesTabs;
  /** The printables' own section, the first tab's panel. */
  owned: ReactNode;
  offer: UpsellOfferData | undefined;
  locale: Locale;
  returning: UpsellReturning | undefined;
}) {
  const { t } = useTranslation();
  const { tab, onKeyDown, tabHref, onTabClick, tabRef } = tabs;
  useTabTitle(tab === "additional_packs" ? t("meta.titles.upsell") : undefined);
  return (
    <div className="upsell-tabs">
      <h1 id="page-title" className="upsell-tabs__heading">
        {t("pages.printables.heading")}
      </h1>
      <div role="tablist" aria-label={t("upsell.tabs.label")} className="upsell-tabs__list" onKeyDown={onKeyDown}>
        {printablesTabs.map((id) => (
          <a
            key={id}
            ref={tabRef(id)}
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
