import { cookieString, readCookie } from "../cookies.ts";

// "Do not sell or share" (CCPA/CPRA): a visitor opts out of sharing with advertising platforms
// in this browser, by the button on /terms/do-not-sell/ (a first-party cookie that scripts can
// read, so pixels can honour it) or by sending a Global Privacy Control signal.

export const adSharingOptOutCookie = { name: "kr_do_not_share", maxAgeSeconds: 365 * 24 * 60 * 60 } as const;

export type AdSharingOptOut = "none" | "opted-out" | "gpc";

/** Why (or whether) this request is opted out: GPC first, since it needs no click. */
export function adSharingOptOut(input: { cookieHeader: string | null; gpcHeader: string | null }): AdSharingOptOut {
  if (input.gpcHeader?.trim() === "1") return "gpc";
  return readCookie(input.cookieHeader, adSharingOptOutCookie.name) === "1" ? "opted-out" : "none";
}

/** The Set-Cookie value that records the opt-out for a year. */
export const adSharingOptOutSetCookie = (secure: boolean): string =>
  cookieString(adSharingOptOutCookie.name, "1", { maxAgeSeconds: adSharingOptOutCookie.maxAgeSeconds, secure });
