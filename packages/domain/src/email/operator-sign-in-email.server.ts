import { createHmac } from "node:crypto";
import { isLocale, type Locale } from "@kinderready/i18n/locales";
import { serverI18n } from "@kinderready/i18n/server-i18n.server";
import { accessCode } from "./access-code.server.ts";
import { emailKind } from "./email-kinds.ts";
import { renderEmail } from "./email-layout.server.ts";
import type { OutgoingMail } from "./mail.ts";

// The email that signs an operator in to the console without a password (forgotten, or waiting
// out wrong guesses): a link to the sign-in page carrying the link's id and an HMAC of it, under
// a key of its own, in the language the operator's console was in when they asked.

/** How long an operator's sign-in link works. */
export const operatorLinkMinutes = 15;

/**
 * The key operators' links are signed with: derived from the parents' link key as every key is
 * from the installation's secret, so a parent's link code never opens the console, and a leaked
 * operator key tells nothing of the parents' one.
 */
export function operatorLinkSecret(accessLinkSecret: string): string {
  return createHmac("sha256", accessLinkSecret).update("operator-sign-in-links").digest("base64url");
}

/** An operator's sign-in link is sent in the language the console was in (`operator-sign-in:de:<id>`). */
export const operatorLinkKind = (locale: Locale, linkId: string) => emailKind("operator-sign-in", locale, linkId);

/** The sign-in page's address with the link's code, which the page asks to confirm with a post. */
export function operatorLinkUrl(input: { appUrl: string; accessLinkSecret: string; linkId: string }): string {
  const url = new URL("/admin/sign-in/", input.appUrl);
  url.searchParams.set("link", accessCode(operatorLinkSecret(input.accessLinkSecret), input.linkId));
  return url.toString();
}

/** The email for an `operator-sign-in` row (its arguments: language, link id), or undefined when they are malformed. */
export function renderOperatorLinkEmail(input: {
  args: string[];
  to: string;
  appUrl: string;
  accessLinkSecret: string;
}): OutgoingMail | undefined {
  const [locale = "", linkId = ""] = input.args;
  if (!isLocale(locale) || !linkId) return undefined;
  const { t } = serverI18n(locale);
  return renderEmail({
    locale,
    to: input.to,
    subject: t("console:signInEmail.subject"),
    preheader: t("console:signInEmail.preheader", { count: operatorLinkMinutes }),
    paragraphs: [t("console:signInEmail.body", { count: operatorLinkMinutes })],
    link: {
      label: t("console:signInEmail.button"),
      url: operatorLinkUrl({ appUrl: input.appUrl, accessLinkSecret: input.accessLinkSecret, linkId }),
      fallback: t("console:signInEmail.fallback"),
      after: [t("console:signInEmail.ignore")],
    },
    footer: t("console:signInEmail.footer"),
  });
}
