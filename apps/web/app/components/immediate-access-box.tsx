import { type Locale, localizePath } from "@kinderready/i18n/locales";
import { Link } from "react-router";
import { Trans } from "../i18n/translation-context.tsx";

/**
 * Where the right of withdrawal applies, a one-click or one-page purchase of more of the kit (the
 * packs, lifetime access) asks, as the first payment does, for access at once and the
 * acknowledgement that the right ends with it. Required: the browser sends no form without it
 * ticked, scripts or not, and the server refuses one that comes without it.
 */
export function ImmediateAccessBox({ locale }: { locale: Locale }) {
  return (
    <label className="consent offer__agree">
      <input type="checkbox" name="immediate_access" required />
      <span>
        <Trans
          i18nKey="upsale.immediateAccess"
          components={{
            withdrawal: <Link to={localizePath("/terms/money-back-policy/#legal-withdrawal-eu", locale)} />,
          }}
        />
      </span>
    </label>
  );
}

/** The box's answer in a form about to be posted by the scripts: "on" when ticked. */
export function immediateAccessField(form: HTMLFormElement): { immediate_access?: "on" } {
  return new FormData(form).get("immediate_access") === "on" ? { immediate_access: "on" } : {};
}
