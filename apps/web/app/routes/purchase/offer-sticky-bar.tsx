import type { Locale } from "@kinderready/i18n/locales";
import { useTranslation } from "../../i18n/translation-context.tsx";
import { useMoney } from "../../payments/price-texts.tsx";
import { OfferClockText } from "./offer-countdown.tsx";
import type { OfferPlan } from "./offer-plan.ts";
import type { OfferTimer } from "./offer-timer.ts";

const page = "purchase.pages.subscription-offer";

/**
 * The way to pay stays in reach on a phone: a bar at the bottom until the form is on screen, so
 * it never lies over the terms box or the button. A link to the form (the terms box comes
 * first), so it works before scripts.
 */
export function OfferStickyBar({
  timer,
  plan,
  locale,
  hidden,
}: {
  timer: OfferTimer;
  plan: OfferPlan;
  locale: Locale;
  /** The form is on screen. */
  hidden: boolean;
}) {
  const { t } = useTranslation();
  const format = useMoney(locale);
  return (
    <div className="offer__sticky" hidden={hidden}>
      {/* The countdown stays in view while the parent reads on; the timer above is the one read out. */}
      {!timer.expired && (
        <span className="offer__sticky-timer" aria-hidden="true">
          <OfferClockText messageKey={`${page}.stickyTimer`} secondsLeft={timer.secondsLeft} />
        </span>
      )}
      <span className="offer__sticky-price">
        {t(`${page}.today`)} <strong>{format(plan.price, plan)}</strong>
      </span>
      <a className="button offer__sticky-buy" href="#offer-form">
        {t("purchase.getKit")}
      </a>
    </div>
  );
}
