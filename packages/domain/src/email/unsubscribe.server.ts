import type { Database } from "@kinderready/db/open-db";
import { type Locale, localizePath } from "@kinderready/i18n/locales";
import { unsubscribeCode, verifyUnsubscribeCode } from "./access-code.server.ts";
import { updateMailingOptOut } from "./mailing-opt-out-queries.server.ts";

// Every marketing email carries a link (and the List-Unsubscribe headers a mail client shows as a
// button) that stops marketing mail at once, without signing in: the link is signed for the
// parent, and it can do nothing but this. Service mail (receipts, notices before a charge,
// confirmations, sign-in links) still goes, as the contract needs it.

/** How a parent stopped marketing mail: in the profile, by an email's link, or by the mail client's button. */
export type MailingOptOutVia = "profile" | "email-link" | "one-click";

export type UnsubscribeDeps = { db: Database; accessLinkSecret: string; now: () => Date };

/** The address of the unsubscribe page for this parent, in their language. */
export function unsubscribeUrl(appUrl: string, secret: string, locale: Locale, userId: string): string {
  const url = new URL(localizePath("/unsubscribe/", locale), appUrl);
  url.searchParams.set("code", unsubscribeCode(secret, userId));
  return url.toString();
}

/** Whether a link's code is a genuine unsubscribe code (the page offers the button only then). */
export const isUnsubscribeCode = (secret: string, code: string) => verifyUnsubscribeCode(secret, code) !== undefined;

/**
 * Stops marketing mail for the parent the code names, from now on, and records when and how; the
 * first opt-out's record stays when it is repeated. Answers false for a code that is not genuine.
 */
export async function unsubscribeFromMarketing(
  deps: UnsubscribeDeps,
  input: { code: string; via: MailingOptOutVia },
): Promise<boolean> {
  const userId = verifyUnsubscribeCode(deps.accessLinkSecret, input.code);
  if (!userId) return false;
  await updateMailingOptOut(deps.db, { userId, via: input.via, now: deps.now() });
  return true;
}
