import type { ReviewInvitation } from "@kinderready/domain/reviews/reviews.server";
import { type Locale, localizePath } from "@kinderready/i18n/locales";
import { Link } from "react-router";
import { Trans, useTranslation } from "../../i18n/translation-context.tsx";
import { useDate } from "../../payments/date-texts.tsx";
import { KitArea, type KitData } from "./kit-area.tsx";
import { ReviewCard } from "./review-card.tsx";
import type { UpsellOfferData } from "./upsell-offer.tsx";

/**
 * The printables the parent owns: the kit and the review card; or, without access, until when
 * the kit is paused, or the way to buy it and to sign in. Under tabs it is the first tab's panel,
 * named by the tab instead of the page's heading.
 */
export function OwnedPrintables({
  underTabs,
  locale,
  access,
  pausedUntil,
  offer,
  kit,
  review,
}: {
  underTabs: boolean;
  locale: Locale;
  access: boolean;
  pausedUntil: string | null;
  offer: UpsellOfferData | undefined;
  kit: KitData | undefined;
  review: ReviewInvitation | null;
}) {
  const { t } = useTranslation();
  return (
    <section
      className="page"
      aria-labelledby={underTabs ? undefined : "page-title"}
      aria-label={underTabs ? t("upsell.tabs.printables") : undefined}
    >
      {!underTabs && <h1 id="page-title">{t("pages.printables.heading")}</h1>}
      {access || (kit && (kit.core.length > 0 || kit.upsell.add_ons.length > 0)) ? (
        <>
          <p>{t("pages.printables.intro")}</p>
          {offer?.owned.includes("lifetime") && <p className="upsell__owned-lifetime">{t("upsell.owned.lifetime")}</p>}
          {kit && <KitArea kit={kit} locale={locale} />}
          {review && <ReviewCard invitation={review} />}
        </>
      ) : pausedUntil ? (
        <PausedKit until={pausedUntil} locale={locale} />
      ) : (
        <NoAccess locale={locale} />
      )}
    </section>
  );
}

/** The subscription is paused: the kit opens again on this day (or sooner, resumed in the profile). */
function PausedKit({ until, locale }: { until: string; locale: Locale }) {
  const day = useDate(locale);
  return (
    <p>
      <Trans
        i18nKey="upsell.paused"
        values={{ date: day(until) }}
        components={{ resume: <Link to={localizePath("/profile/subscription/", locale)} /> }}
      />
    </p>
  );
}

/** Not bought (or not signed in on this device): the way to the offer, and to sign in. */
function NoAccess({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  return (
    <>
      <p>
        {t("upsell.noAccess")} <Link to={localizePath("/purchase/", locale)}>{t("upsell.toOffer")}</Link>
      </p>
      <p>
        <Link to={localizePath("/profile/", locale)}>{t("profile.signIn.heading")}</Link>
      </p>
    </>
  );
}
