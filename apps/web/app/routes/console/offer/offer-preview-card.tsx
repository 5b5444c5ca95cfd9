import { currencyCodes } from "@kinderready/domain/pricing/currency";
import { splitGroups } from "@kinderready/domain/pricing/price-catalogue";
import type { Locale } from "@kinderready/i18n/locales";
import { Form } from "react-router";
import { ConsoleCard } from "../../../console/console-card.tsx";
import { useTranslation } from "../../../i18n/translation-context.tsx";
import type { OfferPlan } from "../../purchase/offer-plan.ts";
import { OfferPlanCard } from "../../purchase/offer-plan-card.tsx";
import { formatClock } from "../../purchase/offer-timer.ts";

/** Which plan the preview shows: a currency, a split group, and the offer before or after its countdown. */
type PreviewChoice = { currency: string; group: string; variant: "initial" | "expired" };

/** The offer's plan as a parent sees it, for the currency, group and variant chosen. */
export function OfferPreviewCard({
  preview,
  previewPlan,
  timerSeconds,
}: {
  preview: PreviewChoice;
  /** None when the catalogue has no subscription plan for the choice. */
  previewPlan: OfferPlan | null;
  timerSeconds: number;
}) {
  const { t, i18n } = useTranslation("console");
  return (
    <ConsoleCard id="offer-preview" title={t("offer.preview")}>
      <Form method="get" className="console-filters" aria-label={t("offer.previewChoice")}>
        <label className="console-field">
          <span>{t("offer.columns.currency")}</span>
          <select name="currency" defaultValue={preview.currency}>
            {currencyCodes.map((code) => (
              <option key={code}>{code}</option>
            ))}
          </select>
        </label>
        <label className="console-field">
          <span>{t("offer.columns.group")}</span>
          <select name="group" defaultValue={preview.group}>
            {splitGroups.map((group) => (
              <option key={group}>{group}</option>
            ))}
          </select>
        </label>
        <label className="console-field">
          <span>{t("offer.columns.variant")}</span>
          <select name="variant" defaultValue={preview.variant}>
            <option value="initial">{t("offer.variants.initial")}</option>
            <option value="expired">{t("offer.variants.expired")}</option>
          </select>
        </label>
        <button type="submit" className="console-button">
          {t("offer.showPreview")}
        </button>
      </Form>
      <div className="console-preview">
        <p className="offer__timer">
          {preview.variant === "initial"
            ? t("offer.previewTimer", { time: formatClock(timerSeconds) })
            : t("offer.previewExpired")}
        </p>
        {previewPlan && <OfferPlanCard plan={previewPlan} locale={i18n.language as Locale} />}
      </div>
      <p className="console-note">{t("offer.previewNote")}</p>
    </ConsoleCard>
  );
}
