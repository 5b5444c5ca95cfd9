import type { KitPreview as KitPreviewData } from "@kinderready/domain/printables/kit-preview.server";
import type { Locale } from "@kinderready/i18n/locales";
import { Link } from "react-router";
import { useTranslation } from "../../i18n/translation-context.tsx";
import type { PaymentOutcome } from "../../payments/payment-result.ts";
import { useMoney } from "../../payments/price-texts.tsx";
import { ChildKitPreview } from "./kit-preview.tsx";
import { OfferCheckoutForm } from "./offer-checkout-form.tsx";
import { OfferCountdown, type OfferCountdownTimer } from "./offer-countdown.tsx";
import type { OfferPlan } from "./offer-plan.ts";
import { OfferPlanCard } from "./offer-plan-card.tsx";
import { OfferStickyBar } from "./offer-sticky-bar.tsx";
import { Ticks } from "./ticks.tsx";
import { useOfferCheckout } from "./use-offer-checkout.ts";

const page = "purchase.pages.subscription-offer";

/**
 * The last purchase page: the countdown, the plan with today's price and the renewal, the
 * subscription terms, the terms checkbox and the purchase button. The button sends nothing about
 * the price: the server prices it by the parent's countdown and answers with the gateway's hosted
 * payment page, which shows the amount before the card is typed.
 */
export function SubscriptionOffer({
  plans,
  locale,
  timer,
  payment,
  links,
  successText,
  agreedBefore,
  withdrawalConsent,
  preview,
}: {
  plans: { initial: OfferPlan; expired: OfferPlan };
  locale: Locale;
  timer: OfferCountdownTimer;
  payment: { outcome: PaymentOutcome | undefined; checkAgain: () => void };
  links: { printables: string; quiz: string };
  successText: string;
  /** Back from a payment the parent started, so they agreed to the terms already: the box stays ticked. */
  agreedBefore: boolean;
  /**
   * The parent has a right of withdrawal: a second box asks for access at once and the
   * acknowledgement that the right ends with it, and the button says the order is a paid one.
   */
  withdrawalConsent: boolean;
  /** Pages of the child's kit, drawn with their name: what the price buys. */
  preview: KitPreviewData | null;
}) {
  const plan = timer.expired ? plans.expired : plans.initial;
  const outcome = payment.outcome?.kind;
  const checkout = useOfferCheckout({ plan, expired: timer.expired, outcome, withdrawalConsent });
  return (
    <>
      <OfferCountdown timer={timer} />
      <OfferPlanCard plan={plan} locale={locale} />
      {preview && <ChildKitPreview preview={preview} />}
      <OfferTerms plan={plan} locale={locale} />
      {outcome === "approved" ? (
        <OfferDone successText={successText} printables={links.printables} />
      ) : (
        <OfferCheckoutForm
          checkout={checkout}
          locale={locale}
          payment={payment}
          links={links}
          agreedBefore={agreedBefore}
          withdrawalConsent={withdrawalConsent}
        />
      )}
      {outcome !== "approved" && (
        <OfferStickyBar timer={timer} plan={plan} locale={locale} hidden={checkout.formInView} />
      )}
    </>
  );
}

/** What the subscription includes, and its terms: the trial's price, the renewal and its period. */
function OfferTerms({ plan, locale }: { plan: OfferPlan; locale: Locale }) {
  const { t } = useTranslation();
  const format = useMoney(locale);
  return (
    <>
      <h2 className="offer__subtitle">{t(`${page}.includes`)}</h2>
      <Ticks items={([1, 2, 3, 4] as const).map((n) => t(`${page}.include${n}`))} />
      <p className="offer__terms">
        {t(`${page}.terms`, {
          count: plan.trialDays,
          price: format(plan.price, plan),
          renewal: format(plan.renewalPrice, plan),
          every: t("purchase.everyDays", { count: plan.periodDays }),
        })}
      </p>
    </>
  );
}

/** Paid: the good news, and the way to the printables. */
function OfferDone({ successText, printables }: { successText: string; printables: string }) {
  const { t } = useTranslation();
  return (
    <div className="offer__done">
      <p>{successText}</p>
      <Link className="button button--wide" to={printables}>
        {t("purchase.result.toPrintables")}
      </Link>
    </div>
  );
}
