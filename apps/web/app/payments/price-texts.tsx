import { formatPrice } from "@kinderready/i18n/intl-locale";
import type { Locale } from "@kinderready/i18n/locales";
import { createContext, type ReactNode, useContext } from "react";

type Currency = { currency: string; currency_code: string };
/** A plan's amounts, in either of the shapes the pages get them (the catalogue's or the offer's). */
type Priced = Currency & { price: number; oldPrice?: number; renewalPrice?: number; renewal_price?: number };

/**
 * The prices a page may show, written by the server in the page's language. The browser then
 * shows the same text the server rendered, whatever its own Intl data says, and never builds a
 * currency formatter while it hydrates (the page's first one costs about 100 ms on a slow phone).
 */
export type PriceTexts = Record<string, string>;

const priceKey = (amount: number, plan: Currency) => `${plan.currency_code} ${plan.currency} ${amount}`;

/** Every amount of the plans, written for the page's language. */
export function writePrices(locale: Locale, plans: readonly (Priced | null | undefined)[]): PriceTexts {
  const texts: PriceTexts = {};
  for (const plan of plans) {
    if (!plan) continue;
    for (const amount of [plan.price, plan.oldPrice, plan.renewalPrice, plan.renewal_price]) {
      if (amount !== undefined) texts[priceKey(amount, plan)] = formatPrice(locale, plan.currency_code, amount);
    }
  }
  return texts;
}

const PriceTextsContext = createContext<PriceTexts>({});

export function PriceTextsProvider({ texts, children }: { texts: PriceTexts; children: ReactNode }) {
  return <PriceTextsContext value={texts}>{children}</PriceTextsContext>;
}

/** A price as the server wrote it; one it did not write is formatted here. */
export function useMoney(locale: Locale): (amount: number, plan: Currency) => string {
  const texts = useContext(PriceTextsContext);
  return (amount, plan) => texts[priceKey(amount, plan)] ?? formatPrice(locale, plan.currency_code, amount);
}
