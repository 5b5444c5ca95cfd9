import type { PricePlanRow } from "@kinderready/domain/console/offer-settings.server";
import { currencyCodes } from "@kinderready/domain/pricing/currency";
import { splitGroups } from "@kinderready/domain/pricing/price-catalogue";
import { upsaleDisplayModes } from "@kinderready/domain/upsale/upsale-schema";
import type { Locale } from "@kinderready/i18n/locales";
import { Form, useNavigation } from "react-router";
import { ConsoleCard } from "../../components/console/console-card.tsx";
import { CsrfField } from "../../components/console/csrf-field.tsx";
import { TableScroll } from "../../components/console/table-scroll.tsx";
import { OfferPlanCard } from "../../components/purchase/offer-plan-card.tsx";
import { formatMoney } from "../../console/console-format.ts";
import {
  handleConsoleOfferAction,
  loadConsoleOffer,
  type OfferActionResult,
} from "../../console/console-offer-route.server.ts";
import { exportHref } from "../../console/export-href.ts";
import { useTranslation } from "../../i18n/translation-context.tsx";
import { formatClock } from "../../purchase/offer-timer.ts";
import type { Route } from "./+types/console-offer";

// The offer's configuration (/admin/offer/): the price catalogue per currency (country group),
// split group and variant; how upsells are shown; the countdown; and a preview of the offer's plan.

export const loader = (args: Route.LoaderArgs) => loadConsoleOffer(args);
export const action = (args: Route.ActionArgs) => handleConsoleOfferAction(args);

const major = (minor: number | null) => (minor === null ? "" : (minor / 100).toFixed(2));

function PriceRow({ row, result }: { row: PricePlanRow; result: OfferActionResult | undefined }) {
  const { t, ifKnown, i18n } = useTranslation("console");
  const busy = useNavigation().state === "submitting";
  const formId = `plan-${row.id}`;
  const name = t("offer.planName", {
    kind: ifKnown(`offer.kinds.${row.kind}`) ?? row.kind,
    variant: ifKnown(`offer.variants.${row.variant}`) ?? row.variant,
    group: row.splitGroup === "all" ? t("offer.allGroups") : row.splitGroup,
    currency: row.currency,
  });
  const mine = result?.planId === row.id ? result : undefined;
  const invalid = (field: string) => (mine?.ok === false && mine.field === field ? true : undefined);
  const input = (field: "amount" | "oldAmount" | "renewalAmount", value: number | null, required: boolean) => (
    <input
      form={formId}
      name={field}
      inputMode="decimal"
      pattern="[0-9]+([.,][0-9]{1,2})?"
      size={7}
      required={required}
      defaultValue={major(value)}
      aria-label={`${t(`offer.columns.${field}`)}: ${name}`}
      aria-invalid={invalid(field)}
    />
  );
  return (
    <tr>
      <th scope="row">{ifKnown(`offer.kinds.${row.kind}`) ?? row.kind}</th>
      <td>{row.currency}</td>
      <td>{row.splitGroup === "all" ? t("offer.allGroups") : row.splitGroup}</td>
      <td>{ifKnown(`offer.variants.${row.variant}`) ?? row.variant}</td>
      <td>{input("amount", row.amount, true)}</td>
      <td>{input("oldAmount", row.oldAmount, false)}</td>
      <td>{row.kind === "subscription" ? input("renewalAmount", row.renewalAmount, true) : "—"}</td>
      <td>{row.discountPercent === null ? "—" : `${row.discountPercent}%`}</td>
      <td>
        <code>{row.productName}</code>
      </td>
      <td>
        <Form method="post" id={formId}>
          <CsrfField />
          <input type="hidden" name="id" value={row.id} />
          <button
            type="submit"
            name="intent"
            value="price"
            className="console-button"
            disabled={busy}
            aria-label={t("offer.savePlan", { plan: name })}
          >
            {t("offer.save")}
          </button>
        </Form>
        {mine && (
          <p role={mine.ok ? "status" : "alert"} className={mine.ok ? "console-ok" : "console-error"}>
            {mine.ok
              ? t("offer.saved", { price: formatMoney(i18n.language, row.amount, row.currency) })
              : (ifKnown(mine.messageKey) ?? t("errors.generic"))}
          </p>
        )}
      </td>
    </tr>
  );
}

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
            <legend>{t("offer.upsaleDisplayMode")}</legend>
            {upsaleDisplayModes.map((mode) => (
              <label key={mode} className="console-choice">
                <input
                  type="radio"
                  name="upsaleDisplayMode"
                  value={mode}
                  defaultChecked={settings.upsaleDisplayMode === mode}
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
        <TableScroll labelledBy="offer-prices">
          <table className="console-table">
            <thead>
              <tr>
                {(
                  [
                    "kind",
                    "currency",
                    "group",
                    "variant",
                    "amount",
                    "oldAmount",
                    "renewalAmount",
                    "discount",
                    "productName",
                  ] as const
                ).map((column) => (
                  <th key={column} scope="col">
                    {t(`offer.columns.${column}`)}
                  </th>
                ))}
                <th scope="col">
                  <span className="visually-hidden">{t("offer.save")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {plans.map((row) => (
                <PriceRow key={row.id} row={row} result={actionData} />
              ))}
            </tbody>
          </table>
        </TableScroll>
      </ConsoleCard>
    </>
  );
}
