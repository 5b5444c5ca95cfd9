import { type Locale, localizePath } from "@kinderready/i18n/locales";
import type { PurchasePath } from "../flows.ts";

/**
 * Where a parent goes after the quiz: the purchase path of their flow, in their language,
 * keeping the landing query (UTM labels, click ids) and adding their token.
 */
export function purchaseRedirect(input: { purchasePath: PurchasePath; locale: Locale; search: string; token: string }) {
  const query = new URLSearchParams(input.search);
  query.set("token", input.token);
  return `${localizePath(input.purchasePath, input.locale)}?${query.toString()}`;
}
