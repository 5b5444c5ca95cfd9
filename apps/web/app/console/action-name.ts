import type { TranslateIfKnown } from "@kinderready/i18n/translator";

/** An audit action ("customer.refund") in the operator's language; an unknown one as it is. */
export function actionName(ifKnown: TranslateIfKnown, action: string): string {
  return ifKnown(`audit.actions.${action.replaceAll(".", "_").replaceAll("-", "_")}`) ?? action;
}
