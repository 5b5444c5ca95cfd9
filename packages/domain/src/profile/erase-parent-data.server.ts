import type { Database } from "@kinderready/db/open-db";
import { isLocale, type Locale } from "@kinderready/i18n/locales";
import { AppError, AppErrorCode } from "../app-error.ts";
import { renderDataErasedEmail } from "../email/account-emails.server.ts";
import type { MailSender } from "../email/mail.ts";
import { findParent, type Parent } from "../parents/find-parent.server.ts";
import { throttleKey } from "../request-throttle.server.ts";
import { forgetThrottleKeys } from "../request-throttle-queries.server.ts";
import {
  anonymiseParentCancellations,
  anonymiseParentRow,
  deleteParentMessages,
  deleteParentTracesOfUse,
  forgetParentPaymentDetails,
  lockParentForErasure,
} from "./parent-erasure-queries.server.ts";
import { mayDeleteData } from "./profile-shaping.ts";

// "Delete my data": everything personal goes (email, child's name and age, answers, tracking ids,
// email logs, progress, their review, sign-in links and sessions, contact messages, the card
// token, free-text reasons). What accounting law requires stays, anonymised: the user row (a new
// random token, no email, no name) keeps the orders, the subscription's history and the ledger
// pointing at somebody nobody can name. The old token, sessions and download links then open
// nothing. A last email confirms it, sent directly and not logged, so not even the log of it
// names the parent.

export type EraseDeps = { db: Database; sender: MailSender; supportEmail: string; now: () => Date };

export const activeSubscriptionError = () =>
  new AppError(
    AppErrorCode.Conflict,
    "subscription",
    "Cancel the subscription before deleting your data",
    "profile.delete.cancelFirst",
  );

export async function eraseParentData(
  deps: EraseDeps,
  input: { token: string },
): Promise<{ confirmationSent: boolean }> {
  const user = await findParent(deps, input);
  if (!user)
    throw new AppError(AppErrorCode.NotFound, "token", "No parent with this token", "profile.errors.signedOut");
  const now = deps.now();

  await deps.db.transaction(async (tx) => {
    // Their subscription must not renew.
    if (!mayDeleteData(await lockParentForErasure(tx, user.id))) throw activeSubscriptionError();
    await deleteParentMessages(tx, user);
    await anonymiseParentCancellations(tx, user);
    await deleteParentTracesOfUse(tx, user.id);
    await forgetParentPaymentDetails(tx, user.id, now);
    if (user.email) {
      await forgetThrottleKeys(tx, [throttleKey("access-email", user.email), throttleKey("contact-email", user.email)]);
    }
    await anonymiseParentRow(tx, user.id, now);
  });

  return sendErasureConfirmation(deps, user);
}

/** The last email, sent directly and not logged: not even the log of it names the parent. */
async function sendErasureConfirmation(
  deps: EraseDeps,
  user: Pick<Parent, "email" | "locale">,
): Promise<{ confirmationSent: boolean }> {
  if (!user.email) return { confirmationSent: false };
  const locale: Locale = isLocale(user.locale) ? user.locale : "en";
  try {
    await deps.sender.send(renderDataErasedEmail({ locale, to: user.email, supportEmail: deps.supportEmail }));
    return { confirmationSent: true };
  } catch {
    // The data is gone either way; the address is not kept to retry with.
    return { confirmationSent: false };
  }
}
