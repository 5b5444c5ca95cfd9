import type { PricePlan } from "@kinderready/domain/pricing/price-config-schema";
import { addOnPacks, packSheets } from "@kinderready/domain/upsell/add-on-packs";
import type { UpsellDisplayMode } from "@kinderready/domain/upsell/upsell-schema";
import { upsellKind } from "@kinderready/domain/upsell-wire";
import type { Locale } from "@kinderready/i18n/locales";
import { Picture } from "../../components/picture.tsx";
import { useTranslation } from "../../i18n/translation-context.tsx";
import { useMoney } from "../../payments/price-texts.tsx";
import { type PurchaseForms, UpsellForm } from "./upsell-form.tsx";

// The upsell offer's cards: the three add-on packs (at the discount after a "no") and lifetime access.

type Card = { locale: Locale; headingLevel: 2 | 3; forms: PurchaseForms };

/** The three add-on packs: their price, one button to buy them, and what is in them. */
export function PacksCard({
  plan,
  mode,
  locale,
  headingLevel,
  forms,
}: Card & { plan: PricePlan; mode: UpsellDisplayMode }) {
  const { t } = useTranslation();
  const money = useMoney(locale);
  const Heading = `h${headingLevel}` as const;
  const Sub = `h${headingLevel + 1}` as "h3" | "h4";
  return (
    <section className="upsell__card" aria-labelledby="upsell-packs-title">
      <Heading id="upsell-packs-title" className="upsell__title">
        {t("upsell.allPacks")}
      </Heading>
      <PriceLine plan={plan} locale={locale} />
      <UpsellForm
        intent={forms.intent}
        type={upsellKind}
        variant={forms.variant}
        consent={forms.consent}
        onSubmit={(consent) => forms.purchase(consent, upsellKind)}
      >
        <button
          type="submit"
          className="button button--wide"
          disabled={forms.busy}
          aria-busy={forms.busy && forms.buying === upsellKind}
        >
          {t(forms.variant === "catchy" ? "upsell.buyDiscount" : "upsell.buyPacks", {
            price: money(plan.price, plan),
          })}
        </button>
      </UpsellForm>
      {mode === "POPUP" ? (
        // A phone shows both offers' buttons without scrolling: the packs' contents open on a tap.
        <details className="upsell__inside">
          <summary className="upsell__subtitle">{t("upsell.packsHeading")}</summary>
          <PackContents locale={locale} />
        </details>
      ) : (
        <>
          <Sub className="upsell__subtitle">{t("upsell.packsHeading")}</Sub>
          <PackContents locale={locale} />
        </>
      )}
    </section>
  );
}

/** Lifetime access: what it is, its price, and one button to buy it. */
export function LifetimeCard({ plan, locale, headingLevel, forms }: Card & { plan: PricePlan }) {
  const { t } = useTranslation();
  const money = useMoney(locale);
  const Heading = `h${headingLevel}` as const;
  return (
    <section className="upsell__card" aria-labelledby="upsell-lifetime-title">
      <Heading id="upsell-lifetime-title" className="upsell__title">
        {t("upsell.lifetimeTitle")}
      </Heading>
      <p>{t("upsell.lifetimeText")}</p>
      <PriceLine plan={plan} locale={locale} />
      <UpsellForm
        intent={forms.intent}
        type="lifetime"
        variant={forms.variant}
        consent={forms.consent}
        onSubmit={(consent) => forms.purchase(consent, "lifetime")}
      >
        <button
          type="submit"
          className="button button--wide button--quiet"
          disabled={forms.busy}
          aria-busy={forms.busy && forms.buying === "lifetime"}
        >
          {t("upsell.buyLifetime", { price: money(plan.price, plan) })}
        </button>
      </UpsellForm>
    </section>
  );
}

/** Below the price and the buttons, or folded away in the popup: the pictures load when seen. */
function PackContents({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  return (
    <ul className="upsell__packs">
      {addOnPacks.map((pack) => (
        <li key={pack.id}>
          <Picture id={pack.picture} size={40} lazy />
          <div className="upsell__pack">
            <strong>{t(`upsell.packs.${pack.id}.title`)}</strong>
            <span className="upsell__count">{t("upsell.itemCount", { count: packSheets(pack, locale) })}</span>
            <span>{t(`upsell.packs.${pack.id}.contents`)}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** What is due now: the price, the saving and the old price (read out, not struck through). */
function PriceLine({ plan, locale }: { plan: PricePlan; locale: Locale }) {
  const { t } = useTranslation();
  const format = useMoney(locale);
  const money = (amount: number) => format(amount, plan);
  return (
    <p className="offer-plan__today upsell__price">
      <span>
        {t("upsell.dueNow")}{" "}
        {plan.discount !== undefined && (
          <span className="offer-plan__save">{t("upsell.save", { percent: plan.discount })}</span>
        )}
      </span>
      <span className="offer-plan__prices">
        <strong className="offer-plan__price">{money(plan.price)}</strong>
        {plan.oldPrice !== undefined && (
          <span className="offer-plan__old">
            <span className="visually-hidden">{t("upsell.oldPrice", { price: money(plan.oldPrice) })}</span>
            <s aria-hidden="true">{money(plan.oldPrice)}</s>
          </span>
        )}
      </span>
    </p>
  );
}
