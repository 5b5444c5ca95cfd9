import type { ExchangeRates, totalInBase } from "@kinderready/domain/console/exchange-rates";
import { currencyCodes } from "@kinderready/domain/pricing/currency";
import { numberFormat } from "@kinderready/i18n/intl-locale";
import { Form, useNavigation } from "react-router";
import { ConsoleCard } from "../../../console/console-card.tsx";
import { formatMoney } from "../../../console/console-format.ts";
import { CsrfField } from "../../../console/csrf-field.tsx";
import { useTranslation } from "../../../i18n/translation-context.tsx";
import type { RevenueActionResult } from "./console-revenue-route.server.ts";

// The revenue page's exchange rates: the one total across currencies they allow (with the rates
// it was made at, or why there is none), and the operator's form to set them.

/**
 * Left-to-right text (a date, "1 EUR = 1.08 USD") isolated inside a sentence: in Arabic the
 * sentence runs right to left, which otherwise reorders the text's digits and signs.
 */
export const isolated = (text: string) => `\u2068${text}\u2069`;

/** A day (YYYY-MM-DD) isolated, and never broken across lines at its hyphens. */
export const isolatedDay = (day: string) => isolated(day.replaceAll("-", "\u2011"));

/** "1 EUR = 1.08 USD, 1 EUR = 0.86 GBP", in the operator's digits. */
function ratesText(locale: string, rates: ExchangeRates): string {
  const number = numberFormat(locale, { maximumFractionDigits: 6 });
  return Object.entries(rates.rates)
    .map(([currency, rate]) => `1 ${rates.base} = ${number.format(rate)} ${currency}`)
    .join(", ");
}

/** A sum across currencies in the base currency with its rates, or the reason there is none. */
export function BaseTotal({
  label,
  total,
  rates,
}: {
  label: string;
  total: ReturnType<typeof totalInBase>;
  rates: ExchangeRates | null;
}) {
  const { t, i18n } = useTranslation("console");
  const locale = i18n.language;
  if (!total.ok) {
    return (
      <p className="console-note">
        {rates ? t("revenue.missingRates", { currencies: isolated(total.missing.join(", ")) }) : t("revenue.noRates")}
      </p>
    );
  }
  return (
    <p>
      <strong>
        {label}: {formatMoney(locale, total.amount, total.currency)}
      </strong>{" "}
      <span className="console-note">
        {rates && Object.keys(rates.rates).length > 0
          ? t("revenue.ratesUsed", { rates: isolated(ratesText(locale, rates)), date: isolatedDay(rates.date) })
          : t("revenue.oneCurrency")}
      </span>
    </p>
  );
}

export function ExchangeRatesForm({
  rates,
  result,
}: {
  rates: ExchangeRates | null;
  result: RevenueActionResult | undefined;
}) {
  const { t, ifKnown } = useTranslation("console");
  const busy = useNavigation().state === "submitting";
  const invalid = (field: string) => (result?.ok === false && result.field === field ? true : undefined);
  return (
    <ConsoleCard id="revenue-rates" title={t("revenue.ratesTitle")}>
      <p className="console-note">{t("revenue.ratesNote")}</p>
      <Form method="post" className="console-form" key={JSON.stringify(rates)}>
        <CsrfField />
        <label className="console-field">
          <span>{t("revenue.ratesBase")}</span>
          <select name="base" defaultValue={rates?.base ?? "EUR"} aria-invalid={invalid("base")}>
            {currencyCodes.map((code) => (
              <option key={code}>{code}</option>
            ))}
          </select>
        </label>
        <label className="console-field">
          <span>{t("revenue.ratesDate")}</span>
          <input type="date" name="date" required defaultValue={rates?.date ?? ""} aria-invalid={invalid("date")} />
        </label>
        {currencyCodes.map((code) => (
          <label key={code} className="console-field">
            <span>{t("revenue.rateFor", { currency: code })}</span>
            <input
              name={`rate_${code}`}
              inputMode="decimal"
              size={10}
              defaultValue={rates?.rates[code]?.toString() ?? ""}
              aria-describedby="revenue-rate-hint"
              aria-invalid={invalid("rates")}
            />
          </label>
        ))}
        <button type="submit" name="intent" value="rates" className="console-button" disabled={busy}>
          {t("revenue.ratesSave")}
        </button>
      </Form>
      <p id="revenue-rate-hint" className="console-note">
        {t("revenue.rateHint")}
      </p>
      {result && (
        <p role={result.ok ? "status" : "alert"} className={result.ok ? "console-ok" : "console-error"}>
          {result.ok ? t("revenue.ratesSaved") : (ifKnown(result.messageKey) ?? t("errors.generic"))}
        </p>
      )}
    </ConsoleCard>
  );
}
