import type { AppServices } from "@kinderready/domain/app-services";
import { totalInBase } from "@kinderready/domain/console/exchange-rates";
import { changeExchangeRates, getExchangeRates } from "@kinderready/domain/console/exchange-rates.server";
import { type ReportDays, reportDaysSchema } from "@kinderready/domain/console/report-filters";
import { getRevenueReport } from "@kinderready/domain/console/revenue-report.server";
import { getSubscriptionCohorts } from "@kinderready/domain/console/subscription-cohorts.server";
import { getSubscriptionMetrics } from "@kinderready/domain/console/subscription-metrics.server";
import { daysUpTo } from "@kinderready/domain/console/subscription-series";
import { currencyCodes } from "@kinderready/domain/pricing/currency";
import { data } from "react-router";
import { z } from "zod";
import { requestContext } from "#load-context";
import { failedChange } from "../../../console/failed-change.server.ts";
import { requireOperatorChange } from "../../../console/operator-guard.server.ts";
import { parseReportQuery } from "../../../console/report-query.ts";
import type { Route } from "./+types/console-revenue";
import type { SubscriptionExport } from "./subscription-columns.tsx";

// Server side of revenue (/admin/revenue/): the report, the subscription figures and cohorts of
// the days asked for, totals across currencies at the operator's exchange rates; changes to the
// rates.

/** The subscription figures of a range of days, for the page and its exports alike. */
export async function loadSubscriptionFigures(
  services: AppServices,
  days: ReportDays,
  now: Date,
): Promise<SubscriptionExport> {
  const metrics = await getSubscriptionMetrics(services, days, now);
  const { cohorts, values } = await getSubscriptionCohorts(services, days, now);
  return { metrics, cohorts, values };
}

export async function loadConsoleRevenue({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const now = new Date();
  const query = parseReportQuery(new URL(request.url), now, reportDaysSchema("revenue", now));
  const rates = await getExchangeRates(services);
  if (!query.ok)
    return data({ query, rates, report: null, days: [], subscriptions: null, totals: null }, { status: 400 });
  const report = await getRevenueReport(services, query.filters, now);
  const subscriptions = await loadSubscriptionFigures(services, query.filters, now);
  const lastDay = subscriptions.metrics.daily.at(-1)?.day;
  const latest = subscriptions.metrics.daily.filter((row) => row.day === lastDay);
  return {
    query,
    rates,
    report,
    /** The range's days up to today: a chart's day without money made is 0, not a gap. */
    days: daysUpTo(query.filters, now),
    subscriptions,
    totals: {
      net: totalInBase(
        report.totals.map((row) => ({ currency: row.currency, amount: row.net })),
        rates,
      ),
      mrr: totalInBase(
        latest.map((row) => ({ currency: row.currency, amount: row.mrr })),
        rates,
      ),
      mrrDay: lastDay ?? null,
    },
  };
}

const ratesFormSchema = z.object({
  intent: z.literal("rates"),
  base: z.string(),
  date: z.string(),
  ...Object.fromEntries(currencyCodes.map((currency) => [`rate_${currency}`, z.string().optional()])),
});

export type RevenueActionResult = { ok: true } | { ok: false; field: string; messageKey: string };

export async function handleConsoleRevenueAction(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const operator = requireOperatorChange(args, form);
  const { services, errors } = args.context.get(requestContext);
  const parsed = ratesFormSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return data<RevenueActionResult>({ ok: false, field: "intent", messageKey: "errors.generic" }, { status: 400 });
  }
  const typed = parsed.data as Record<string, string | undefined>;
  try {
    await changeExchangeRates(services, {
      operatorId: operator.id,
      change: {
        base: parsed.data.base,
        date: parsed.data.date,
        rates: Object.fromEntries(currencyCodes.map((currency) => [currency, typed[`rate_${currency}`]])),
      },
      now: new Date(),
    });
    return data<RevenueActionResult>({ ok: true });
  } catch (error) {
    return failedChange(error, { errors, intent: "rates", extra: {} });
  }
}
