import type { UpsellType } from "@kinderready/domain/upsell/upsell-schema";
import type { Locale } from "@kinderready/i18n/locales";
import type { ReactNode } from "react";
import {
  ImmediateAccessBox,
  type ImmediateAccessField,
  purchaseSubmit,
} from "../../components/immediate-access-box.tsx";

/** What the offer's purchase forms share: how they buy, at which price, and whether one is under way. */
export type PurchaseForms = {
  /** One click on the stored card, or the gateway's page without a verified session on this device. */
  intent: "upsell" | "upsell-checkout";
  variant: "initial" | "catchy";
  /** The page's locale where the purchase asks for access at once (ImmediateAccessBox); false elsewhere. */
  consent: Locale | false;
  busy: boolean;
  /** What the purchase under way is for. */
  buying: UpsellType | undefined;
  purchase: (consent: ImmediateAccessField, type: UpsellType) => void;
};

/**
 * A purchase as a plain form posting to the printables page (form-encoded, the same fields the
 * scripts send as JSON), so it works before the scripts arrive or without them: the server
 * prices it by the offer's stage and answers with the page again, the order in its address, or
 * the gateway's page. With scripts, `onSubmit` posts it and nothing reloads.
 */
export function UpsellForm({
  intent,
  type,
  variant,
  consent,
  onSubmit,
  children,
}: {
  intent: "upsell" | "upsell-checkout";
  type: UpsellType | undefined;
  variant: "initial" | "catchy";
  /** The page's locale where the purchase asks for access at once (ImmediateAccessBox); false elsewhere. */
  consent: Locale | false;
  onSubmit: (consent: ImmediateAccessField) => void;
  children: ReactNode;
}) {
  return (
    <form method="post" className="step-form" onSubmit={purchaseSubmit(onSubmit)}>
      <input type="hidden" name="intent" value={intent} />
      {type && <input type="hidden" name="recurring_type" value={type} />}
      <input type="hidden" name="variant" value={variant} />
      {consent && <ImmediateAccessBox locale={consent} />}
      {children}
    </form>
  );
}
