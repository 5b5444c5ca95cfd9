import type { Database } from "@kinderready/db/open-db";
import { AppError, AppErrorCode } from "../app-error.ts";
import { currencyCodes } from "../pricing/currency.ts";
import { insertAuditEntry } from "./audit-log-queries.server.ts";
import { type ExchangeRates, exchangeRatesSchema, exchangeRatesSettingKey, typedRateSchema } from "./exchange-rates.ts";
import { earliestReportDay, refuseReportDays } from "./report-filters.ts";
import { findSetting, lockSetting, upsertSetting } from "./settings-queries.server.ts";

// The exchange rates the operator keeps on the revenue page: one settings row, validated when
// written and when read, each change audited with what it replaced.

/** The rates in force, or null when none were ever set (or the row no longer reads as rates). */
export async function getExchangeRates(deps: { db: Database }): Promise<ExchangeRates | null> {
  const row = await findSetting(deps.db, exchangeRatesSettingKey);
  const parsed = exchangeRatesSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : null;
}

const invalid = (field: string, message: string) =>
  new AppError(AppErrorCode.Invalid, field, message, `revenue.errors.${field}`);

/**
 * Replaces the rates with the ones typed in the form: a base currency, the day they are of, and
 * a rate for each other currency (an empty one is no rate; the base's own is ignored).
 */
export async function changeExchangeRates(
  deps: { db: Database },
  input: {
    operatorId: string;
    change: { base: string; date: string; rates: Partial<Record<string, string>> };
    now: Date;
  },
): Promise<ExchangeRates> {
  const rates: Record<string, number> = {};
  for (const currency of currencyCodes) {
    if (currency === input.change.base) continue;
    const typed = typedRateSchema.safeParse(input.change.rates[currency] ?? "");
    if (!typed.success) throw invalid("rates", `${currency}: ${typed.error.issues[0]?.message ?? "invalid"}`);
    if (typed.data !== undefined) rates[currency] = typed.data;
  }
  const parsed = exchangeRatesSchema.safeParse({ base: input.change.base, date: input.change.date, rates });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalid(String(issue?.path[0] ?? "rates"), issue?.message ?? "invalid");
  }
  const after = parsed.data;
  // The rates are of a day the reports can show: the reports' own rule for a day.
  if (refuseReportDays({ from: after.date, to: after.date }, { now: input.now, maxDays: undefined })) {
    throw invalid("date", `must be a day from ${earliestReportDay} to tomorrow`);
  }
  await deps.db.transaction(async (tx) => {
    const before = await lockSetting(tx, exchangeRatesSettingKey);
    await upsertSetting(tx, { key: exchangeRatesSettingKey, value: after, now: input.now });
    await insertAuditEntry(tx, {
      operatorId: input.operatorId,
      action: "exchange_rates.change",
      details: { before: before?.value ?? null, after },
    });
  });
  return after;
}
