import type { Translate } from "@kinderready/i18n/translator";

/** An audit action ("customer.refund") in the operator's language; an unknown one as it is. */
export function actionName(t: Translate, action: string): string {
  return t(`audit.actions.${action.replaceAll(".", "_").replaceAll("-", "_")}`, { defaultValue: action });
}
