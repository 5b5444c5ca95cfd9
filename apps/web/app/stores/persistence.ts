import type { StateStorage } from "zustand/middleware";

let enabled = false;

/**
 * Stores persist in localStorage in production. In development they persist only when the
 * address carries `cache_enabled`, so a developer starts clean on every reload by default.
 */
export function configurePersistence(options: { isDev: boolean; search: string }): boolean {
  enabled = !options.isDev || new URLSearchParams(options.search).has("cache_enabled");
  return enabled;
}

/** localStorage when persistence is on and the browser allows it; otherwise nothing is kept. */
export const gatedLocalStorage: StateStorage = {
  getItem: (name) => (enabled ? (safeStorage()?.getItem(name) ?? null) : null),
  setItem: (name, value) => {
    if (enabled) safeStorage()?.setItem(name, value);
  },
  removeItem: (name) => {
    if (enabled) safeStorage()?.removeItem(name);
  },
};

// Private browsing and full quotas throw on access; the funnel must keep working regardless.
function safeStorage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** Forgets everything the funnel saved in this browser (the parent deleted their data). */
export function forgetSavedState(): void {
  const storage = safeStorage();
  if (!storage) return;
  for (const key of Object.keys(storage)) if (key.startsWith("kinderready:")) storage.removeItem(key);
}
