import type { Locale } from "@kinderready/i18n/locales";
import { useTranslation } from "../../i18n/translation-context.tsx";
import { useMoney } from "../../payments/price-texts.tsx";
import type { OfferPlan } from "./offer-plan.ts";

const page = "purchase.pages.subscription-offer";

/** The plan on the offer: the trial, what is due today (with the old price) and the renewal. */
export function OfferPlanCard({ plan, locale }: { plan: OfferPlan; locale: Locale }) {
  const { t } = useTranslation();
  const format = useMoney(locale);
  const money = (amount: number) => format(amount, plan);
  return (
    <section className="offer-plan" aria-labelledby="plan-title">
      <div className="offer-plan__head">
        <h2 id="plan-title" className="offer-plan__title">
          {t(`${page}.trial`, { count: plan.trialDays })}
        </h2>
        {plan.discount !== undefined && (
          <span className="offer-plan__save">{t(`${page}.save`, { discount: plan.discount })}</span>
        )}
      </div>
      <p className="offer-plan__today">
        <span>{t(`${page}.today`)}</span>
        <span className="offer-plan__prices">
          <strong className="offer-plan__price">{money(plan.price)}</strong>
          {plan.oldPrice !== undefined && (
            <span className="offer-plan__old">
              <span className="visually-hidden">{t(`${page}.oldPrice`, { price: money(plan.oldPrice) })}</span>
              <s aria-hidden="true">{money(plan.oldPrice)}</s>
            </span>
          )}
        </span>
      </p>
      <p className="offer-plan__then">
        {t(`${page}.then`, { price: money(plan.renewalPrice), count: plan.periodDays })}
      </p>
    </section>
  );
}
