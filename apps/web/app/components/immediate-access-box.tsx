import { type Locale, localizePath } from "@kinderready/i18n/locales";
import type { FormEvent } from "react";
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
          i18nKey="upsell.immediateAccess"
          components={{
            withdrawal: <Link to={localizePath("/terms/money-back-policy/#legal-withdrawal-eu", locale)} />,
          }}
        />
      </span>
    </label>
  );
}

/** What a purchase form's box said, as the post sends it: "on" when ticked, nothing otherwise. */
export type ImmediateAccessField = { immediate_access?: "on" };

/**
 * A purchase form's submit, posted by the scripts instead of the browser: `post` hears the box's
 * answer once the form is valid. The browser checks the required box before a click submits; a
 * synthetic submit is checked here.
 */
export const purchaseSubmit =
  (post: (consent: ImmediateAccessField) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (!form.reportValidity()) return;
    post(new FormData(form).get("immediate_access") === "on" ? { immediate_access: "on" } : {});
  };
