import { defaultLocale, type Locale } from "@kinderready/i18n/locales";
import { create } from "zustand";

/** The page's language. Never persisted: the address and the cookie decide it. */
export const useLocaleStore = create<{ locale: Locale }>()(() => ({ locale: defaultLocale }));
