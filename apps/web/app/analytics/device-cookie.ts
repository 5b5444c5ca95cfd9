import { deviceCookieName, deviceIdSchema } from "@kinderready/domain/analytics/analytics-schema";

// The device id: a first-party HttpOnly cookie the server sets on a first page, kept a year and
// renewed on every page. The steps the server records and the browser's events (which the
// analytics endpoint stores under the request's cookie) name the same visitor; scripts never
// read it, and a document (which the page cache may hand to other visitors) never holds it.

export const deviceCookie = { name: deviceCookieName, maxAgeDays: 365 } as const;

/** The cookie's value when it is one we could have written; anything else is replaced. */
export const validDeviceId = (value: string | undefined): string | undefined => deviceIdSchema.safeParse(value).data;
