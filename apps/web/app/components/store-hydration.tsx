import { localeFromPath } from "@kinderready/i18n/locales";
import { useEffect } from "react";
import { useLocation } from "react-router";
import { rehydrateStores } from "../stores/create-persisted-store.ts";
import { useLocaleStore } from "../stores/locale-store.ts";
import { configurePersistence } from "../stores/persistence.ts";

/** Restores saved client state once the server HTML is hydrated, and keeps the locale current. */
export function StoreHydration({ isDev }: { isDev: boolean }) {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page load, with the first address
  useEffect(() => {
    configurePersistence({ isDev, search: window.location.search });
    void rehydrateStores();
  }, []);
  useEffect(() => {
    useLocaleStore.setState({ locale: localeFromPath(pathname) });
  }, [pathname]);
  return null;
}
