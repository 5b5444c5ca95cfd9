import { localeFromPath } from "@kinderready/i18n/locales";
import { useEffect } from "react";
import { useLocation } from "react-router";
import { rehydrateStores } from "../stores/create-persisted-store.ts";
import { useLocaleStore } from "../stores/locale-store.ts";
import { configurePersistence } from "../stores/persistence.ts";
import { useTrackingStore } from "../stores/tracking-store.ts";
import { trackingFromLanding } from "../tracking/capture-tracking.ts";

/**
 * Restores saved client state once the server HTML is hydrated, then records the landing's ad
 * attribution. Keeps the locale current.
 */
export function StoreHydration({ isDev }: { isDev: boolean }) {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page load, with the first address
  useEffect(() => {
    // In a task of its own: the restored state re-renders its readers at once (a store update is
    // never time-sliced), and every effect of the hydrated page runs in one task, which a slow
    // phone must not be held in for both. The analytics tracker's first effect follows it.
    setTimeout(() => {
      configurePersistence({ isDev, search: window.location.search });
      void rehydrateStores().then(() => {
        const tracking = trackingFromLanding({
          search: window.location.search,
          cookies: document.cookie,
          now: Date.now(),
        });
        if (tracking) useTrackingStore.setState({ tracking });
      });
    });
  }, []);
  useEffect(() => {
    useLocaleStore.setState({ locale: localeFromPath(pathname) });
  }, [pathname]);
  return null;
}
