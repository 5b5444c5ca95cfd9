import type { OfferSettings } from "@kinderready/domain/console/offer-settings.server";
import { upsellDisplayModes } from "@kinderready/domain/upsell/upsell-schema";
import { Form, useNavigation } from "react-router";
import { ConsoleCard } from "../../../console/console-card.tsx";
import { CsrfField } from "../../../console/csrf-field.tsx";
import { useTranslation } from "../../../i18n/translation-context.tsx";
import type { OfferActionResult } from "./console-offer-route.server.ts";

/** How upsells are shown and the offer's countdown, with the outcome of the last change to them. */
export function OfferSettingsCard({
  settings,
  timerBounds,
  result,
}: {
  settings: OfferSettings;
  timerBounds: { min: number; max: number };
  /** The outcome of a change to these settings (not to a price). */
  result: OfferActionResult | undefined;
}) {
  const { t, ifKnown } = useTranslation("console");
  const busy = useNavigation().state === "submitting";
  return (
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
            aria-invalid={result?.ok === false && result.field === "offerTimerSeconds" ? true : undefined}
          />
        </label>
        <button type="submit" name="intent" value="settings" className="console-button" disabled={busy}>
          {t("offer.save")}
        </button>
      </Form>
      <p id="offer-timer-hint" className="console-note">
        {t("offer.timerHint", timerBounds)}
      </p>
      {result && (
        <p role={result.ok ? "status" : "alert"} className={result.ok ? "console-ok" : "console-error"}>
          {result.ok ? t("offer.settingsSaved") : (ifKnown(result.messageKey, timerBounds) ?? t("errors.generic"))}
        </p>
      )}
    </ConsoleCard>
  );
}
