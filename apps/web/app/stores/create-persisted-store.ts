import { create, type StateCreator } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { gatedCookieStorage, gatedLocalStorage, storeKey } from "./persistence.ts";

const registry: (() => Promise<void> | void)[] = [];
let hydrated = false;

/**
 * A Zustand store kept in localStorage under `kinderready:<name>` (or in the cookie
 * `kinderready-<name>`, when the server renders from it). Hydration is deferred until after
 * React hydrates the server HTML, so the first client render matches the server's.
 */
export function createPersistedStore<T extends object>(
  name: string,
  version: number,
  initializer: StateCreator<T, [], []>,
  kept: "localStorage" | "cookie" = "localStorage",
) {
  const store = create<T>()(
    persist(initializer, {
      name: storeKey(name),
      version,
      storage: createJSONStorage(() => (kept === "cookie" ? gatedCookieStorage : gatedLocalStorage)),
      skipHydration: true,
    }),
  );
  // A store first imported after start-up (by a lazily loaded route) hydrates at once.
  if (hydrated) void store.persist.rehydrate();
  else registry.push(() => store.persist.rehydrate());
  return store;
}

/** Whether saved state has been restored; effects that read or write stores wait for it. */
export const useStoresHydrated = create<{ hydrated: boolean }>()(() => ({ hydrated: false }));

export async function rehydrateStores(): Promise<void> {
  hydrated = true;
  await Promise.all(registry.splice(0).map((rehydrate) => rehydrate()));
  useStoresHydrated.setState({ hydrated: true });
}
