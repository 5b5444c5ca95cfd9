import type { FlowType } from "@kinderready/domain/flows";
import { type Locale, localizePath, splitLocalePath } from "@kinderready/i18n/locales";
import { pageForPath } from "../../pages.ts";

/** Which of the purchase pages the address is: /purchase/, /purchase-flow/ or /offer1/. */
export function purchasePageOf(url: URL) {
  return pageForPath(splitLocalePath(url.pathname).path);
}

/** /offer1/ sells the copy_1 flow's prices; the other addresses the main flow's. */
export function flowOf(url: URL): FlowType {
  return purchasePageOf(url).id === "offer1" ? "copy_1" : "main";
}

/** Where the gateway sends the parent back: this same page, in their language, with their token. */
export function returnUrlFor(url: URL, input: { locale: Locale; appUrl: string; token: string }): URL {
  const returnUrl = new URL(localizePath(`/${purchasePageOf(url).path}/`, input.locale), input.appUrl);
  returnUrl.searchParams.set("token", input.token);
  return returnUrl;
}
