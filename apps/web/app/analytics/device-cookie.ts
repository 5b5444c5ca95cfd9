// The device id both the server and the page read: a first-party cookie scripts can see, kept a
// year and renewed on every page load. The server sets it on a first page, so the steps it
// records and the browser's events name the same visitor.

export const deviceCookie = { name: "kr_device", maxAgeDays: 365 } as const;

const deviceIdPattern = /^[A-Za-z0-9_-]{16,64}$/;

/** The cookie's value when it is one we could have written; anything else is replaced. */
export const validDeviceId = (value: string | undefined): string | undefined =>
  value && deviceIdPattern.test(value) ? value : undefined;
