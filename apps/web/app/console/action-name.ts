import type { TFunction } from "i18next";

/** An audit action ("customer.refund") in the operator's language; an unknown one as it is. */
export function actionName(t: TFunction<"console">, action: string): string {
  return t(`audit.actions.${action.replaceAll(".", "_").replaceAll("-", "_")}`, { defaultValue: action });
}
