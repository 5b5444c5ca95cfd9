import { currencyCodes } from "@kinderready/domain/pricing/currency";
import { splitGroups } from "@kinderready/domain/pricing/price-catalogue";
import { upsellDisplayModes } from "@kinderready/domain/upsell/upsell-schema";
import type { Locale } from "@kinderready/i18n/locales";
import { Form, useNavigation } from "react-router";
import { ConsoleCard } from "../../../console/console-card.tsx";
import { CsrfField } from "../../../console/csrf-field.tsx";
import { DataTable } from "../../../console/data-table.tsx";
import { exportHref } from "../../../console/export-href.ts";
import { useTranslation } from "../../../i18n/translation-context.tsx";
import { OfferPlanCard } from "../../purchase/offer-plan-card.tsx";
import { formatClock } from "../../purchase/offer-timer.ts";
import type { Route } from "./+types/console-offer";
import { handleConsoleOfferAction, loadConsoleOffer } from "./console-offer-route.server.ts";
import { priceColumns } from "./price-columns.tsx";

// The offer's configuration (/admin/offer/): the price catalogue per currency (country group),
// split group and variant; how upsells are shown; the countdown; and a preview of the offer's plan.

export const loader = (args: Route.LoaderArgs) => loadConsoleOffer(args);
export const action = (args: Route.ActionArgs) => handleConsoleOfferAction(args);

export default function ConsoleOffer({ loaderData, actionData }: Route.ComponentProps) {
  const { t, ifKnown, i18n } = useTranslation("console");
  const busy = useNavigation().state === "submitting";
  const { plans, settings, timerBounds, preview, previewPlan } = loaderData;
  const settingsResult = actionData && actionData.planId === null ? actionData : undefined;
  return (
    <>
      <h1>{t("offer.title")}</h1>

      <ConsoleCard id="offer-settings" title={t("offer.settings")}>
        <Form method="post" className="console-form">
          <CsrfField />
          <fieldset>
            <legend>{t("offer.upsellDisplayMode")}</legend>
            {upsellDisplayModes.map((mode) => (
              <label key={mode} className="console-choice">
                <input
                  type="radio"
                  name="upsellDisplayMode"
                  value={mode}
                  defaultChecked={settings.upsellDisplayMode === mode}
                />
                {t(`revenue.modes.${mode}`)}
              </label>
            ))}
          </fieldset>
          <label className="console-field">
            <span>{t("offer.timer")}</span>
            <input
              type="number"
              name="offerTimerSeconds"
              min={timerBounds.min}
              max={timerBounds.max}
              step={1}
              required
              defaultValue={settings.offerTimerSeconds}
              aria-describedby="offer-timer-hint"
              aria-invalid={
                settingsResult?.ok === false && settingsResult.field === "offerTimerSeconds" ? true : undefined
              }
            />
          </label>
          <button type="submit" name="intent" value="settings" className="console-button" disabled={busy}>
            {t("offer.save")}
          </button>
        </Form>
        <p id="offer-timer-hint" className="console-note">
          {t("offer.timerHint", timerBounds)}
        </p>
        {settingsResult && (
          <p
            role={settingsResult.ok ? "status" : "alert"}
            className={settingsResult.ok ? "console-ok" : "console-error"}
          >
            {settingsResult.ok
              ? t("offer.settingsSaved")
              : (ifKnown(settingsResult.messageKey, timerBounds) ?? t("errors.generic"))}
          </p>
        )}
      </ConsoleCard>

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
              ? t("offer.previewTimer", { time: formatClock(settings.offerTimerSeconds) })
              : t("offer.previewExpired")}
          </p>
          {previewPlan && <OfferPlanCard plan={previewPlan} locale={i18n.language as Locale} />}
        </div>
        <p className="console-note">{t("offer.previewNote")}</p>
      </ConsoleCard>

      <ConsoleCard table id="offer-prices" title={t("offer.prices")} csvHref={exportHref("prices.csv", {})}>
        <p className="console-note">{t("offer.pricesNote")}</p>
        <DataTable labelledBy="offer-prices" columns={priceColumns} rows={plans} rowKey={(row) => row.id} />
      </ConsoleCard>
    </>
  );
}
