import type { Locale } from "@kinderready/i18n/locales";
import { serverI18n } from "@kinderready/i18n/server-i18n.server";

/**
 * A plan's name as the parent reads it, in their language: what the gateway's payment page says
 * they are paying for. The catalogue's product name (`trial_1.99_29.99_$`) names the plan for the
 * reports and is never shown to a parent.
 */
export function planTitle(plan: { kind: string; trialDays: number | null }, locale: Locale): string {
  const { t } = serverI18n(locale);
  if (plan.kind === "subscription") return t("purchase.planNames.subscription", { count: plan.trialDays ?? 0 });
  return t(plan.kind === "lifetime" ? "purchase.planNames.lifetime" : "purchase.planNames.upsell");
}
