import { cookieString } from "../cookies.ts";

/** A first-party cookie scripts can read, written from the page (Secure on https). */
export function writeBrowserCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = window.location.protocol === "https:";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older Safari
  document.cookie = cookieString(name, value, { maxAgeSeconds, secure });
}
