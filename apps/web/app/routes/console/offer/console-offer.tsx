import { ConsoleCard } from "../../../console/console-card.tsx";
import { DataTable } from "../../../console/data-table.tsx";
import { exportHref } from "../../../console/export-href.ts";
import { useTranslation } from "../../../i18n/translation-context.tsx";
import type { Route } from "./+types/console-offer";
import { handleConsoleOfferAction, loadConsoleOffer } from "./console-offer-route.server.ts";
import { OfferPreviewCard } from "./offer-preview-card.tsx";
import { OfferSettingsCard } from "./offer-settings-card.tsx";
import { priceColumns } from "./price-columns.tsx";

// The offer's configuration (/admin/offer/): the price catalogue per currency (country group),
// split group and variant; how upsells are shown; the countdown; and a preview of the offer's plan.

export const loader = (args: Route.LoaderArgs) => loadConsoleOffer(args);
export const action = (args: Route.ActionArgs) => handleConsoleOfferAction(args);

export default function ConsoleOffer({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("console");
  const { plans, settings, timerBounds, preview, previewPlan } = loaderData;
  // A price's outcome shows in its own row; the settings card shows only the settings' own.
  const settingsResult = actionData && actionData.planId === null ? actionData : undefined;
  return (
    <>
      <h1>{t("offer.title")}</h1>
      <OfferSettingsCard settings={settings} timerBounds={timerBounds} result={settingsResult} />
      <OfferPreviewCard preview={preview} previewPlan={previewPlan} timerSeconds={settings.offerTimerSeconds} />
      <ConsoleCard table id="offer-prices" title={t("offer.prices")} csvHref={exportHref("prices.csv", {})}>
        <p className="console-note">{t("offer.pricesNote")}</p>
        <DataTable labelledBy="offer-prices" columns={priceColumns} rows={plans} rowKey={(row) => row.id} />
      </ConsoleCard>
    </>
  );
}
