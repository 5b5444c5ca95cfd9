import type { StateStorage } from "zustand/middleware";
import { cookieString, readCookie } from "../cookies.ts";

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

/** Where a store is saved: `kinderready:<name>` in localStorage. */
export const storeKey = (name: string) => `kinderready:${name}`;

/** The same key as a cookie's name, which may not hold a colon: `kinderready-<name>`. */
export const storeCookieName = (key: string) => key.replace(":", "-");

const cookieMaxAgeSeconds = 365 * 24 * 60 * 60;

/**
 * A first-party cookie, for the little state the server must see to render the page as the
 * browser will show it (the upsell popup's). Not HttpOnly: the page's script owns it.
 */
export const gatedCookieStorage: StateStorage = {
  getItem: (name) => (enabled ? (readCookie(safeDocument()?.cookie, storeCookieName(name)) ?? null) : null),
  setItem: (name, value) => writeCookie(name, value, cookieMaxAgeSeconds),
  removeItem: (name) => writeCookie(name, "", 0),
};

function writeCookie(name: string, value: string, maxAgeSeconds: number) {
  const document = enabled ? safeDocument() : undefined;
  if (document) setCookie(document, storeCookieName(name), value, maxAgeSeconds);
}

function setCookie(document: Document, cookieName: string, value: string, maxAgeSeconds: number) {
  const secure = document.location.protocol === "https:";
  document.cookie = cookieString(cookieName, value, { maxAgeSeconds, secure });
}

function safeDocument(): Document | undefined {
  return typeof document === "undefined" ? undefined : document;
}

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
  for (const key of Object.keys(storage ?? {})) if (key.startsWith("kinderready:")) storage?.removeItem(key);
  const document = safeDocument();
  if (!document) return;
  for (const part of document.cookie.split(";")) {
    const name = part.split("=")[0]?.trim() ?? "";
    if (name.startsWith("kinderready-")) setCookie(document, name, "", 0);
  }
}
