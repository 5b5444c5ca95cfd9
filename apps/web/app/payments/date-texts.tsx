import type { Locale } from "@kinderready/i18n/locales";
import { createContext, type ReactNode, useContext } from "react";
import { formatDate } from "./profile-format.ts";

/**
 * The days a page names, written by the server in the page's language, as its prices are: the
 * browser shows the text the server rendered and never builds a date formatter while it hydrates
 * (the page's first costs about 90 ms on a slow phone).
 */
export type DateTexts = Record<string, string>;

/** Each day (an ISO time) written for the page's language. */
export function writeDates(locale: Locale, days: readonly (string | null | undefined)[]): DateTexts {
  const texts: DateTexts = {};
  for (const day of days) if (day) texts[day] = formatDate(day, locale);
  return texts;
}

const DateTextsContext = createContext<DateTexts>({});

export function DateTextsProvider({ texts, children }: { texts: DateTexts; children: ReactNode }) {
  return <DateTextsContext value={texts}>{children}</DateTextsContext>;
}

/** A day as the server wrote it; one it did not write is formatted here. */
export function useDate(locale: Locale): (day: string) => string {
  const texts = useContext(DateTextsContext);
  return (day) => texts[day] ?? formatDate(day, locale);
}
