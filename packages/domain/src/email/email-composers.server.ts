import { localizePath } from "@kinderready/i18n/locales";
import { itemTitle } from "@kinderready/kit/item-text.server";
import { previewItems } from "@kinderready/kit/kit-preview";
import { paperFor } from "@kinderready/kit/render.server";
import { findSoldSubscription } from "../subscriptions/subscription-queries.server.ts";
import { accessCode, accessLinkMinutes } from "./access-code.server.ts";
import { renderAccessLinkEmail } from "./account-emails.server.ts";
import {
  type ComposeDeps,
  type Composer,
  type ComposerDeps,
  type MessageRow,
  type ParentMessage,
  type ParentRow,
  parentUrl,
} from "./email-composing.server.ts";
import type { EmailKindId } from "./email-kinds.ts";
import type { MailAttachment, OutgoingMail } from "./mail.ts";
import { renderOperatorLinkEmail } from "./operator-sign-in-email.server.ts";
import { renderCheckoutAbandonedEmail, renderWinBackEmail } from "./reminder-emails.server.ts";
import { renderReviewRequestEmail, reviewPageUrl } from "./review-request-email.server.ts";
import {
  cancellationConfirmedMail,
  pauseEndingMail,
  pauseStartedMail,
  paymentFailedMail,
  receiptMail,
  renewalUpcomingMail,
  trialEndingMail,
} from "./subscription-email-composers.server.ts";
import { renderSupportRequestMail } from "./support-request-email.server.ts";
import { unsubscribeUrl } from "./unsubscribe.server.ts";
import { renderWelcomeEmail } from "./welcome-email.server.ts";

// Which composer writes each kind of queued email, and the emails about a parent's account and
// the reminders: the welcome, sign-in links, the review request, the checkout and win-back
// reminders. The subscription's emails are composed beside it.

/** A composer for a mail to a parent about their account: nothing to send once the parent is gone. */
const toParent =
  (compose: (deps: ComposeDeps, message: MessageRow & { parent: ParentRow }) => ReturnType<Composer>): Composer =>
  (deps, message) =>
    message.parent ? compose(deps, { ...message, parent: message.parent }) : undefined;

/** One composer per kind: adding a kind without its composer does not compile. */
export const composers: { [Id in EmailKindId]: Composer } = {
  welcome: toParent(welcomeMail),
  receipt: toParent(receiptMail),
  "access-link": toParent(accessLinkMail),
  "operator-sign-in": (deps, { args, recipient }) => renderOperatorLinkEmail({ args, to: recipient, ...deps }),
  support: (deps, { args, recipient }) => renderSupportRequestMail(deps, args[0] ?? "", recipient),
  "review-request": toParent((deps, { parent, recipient }) =>
    renderReviewRequestEmail({
      locale: parent.locale,
      to: recipient,
      kidName: parent.kidName,
      reviewUrl: deps.track(reviewPageUrl(deps.appUrl, parent.locale, parent.token)),
      supportEmail: deps.supportEmail,
      unsubscribeUrl: unsubscribeUrl(deps.appUrl, deps.accessLinkSecret, parent.locale, parent.userId),
    }),
  ),
  "trial-ending": toParent(trialEndingMail),
  "renewal-upcoming": toParent(renewalUpcomingMail),
  "payment-failed": toParent(paymentFailedMail),
  "cancellation-confirmed": toParent(cancellationConfirmedMail),
  "pause-started": toParent(pauseStartedMail),
  "pause-ending": toParent(pauseEndingMail),
  "checkout-abandoned": toParent(checkoutAbandonedMail),
  "win-back": toParent(winBackMail),
};

async function welcomeMail(deps: ComposeDeps, { parent, recipient }: ParentMessage): Promise<OutgoingMail> {
  const confirmUrl = new URL(localizePath(parent.purchasePath, parent.locale), deps.appUrl);
  confirmUrl.search = new URLSearchParams({
    email: recipient,
    token: parent.token,
    isForbiddenToMailing: String(parent.isForbiddenToMailing),
  }).toString();
  return renderWelcomeEmail({
    locale: parent.locale,
    to: recipient,
    kidName: parent.kidName ?? "",
    confirmUrl: deps.track(confirmUrl.toString()),
    supportEmail: deps.supportEmail,
    firstPage: await childPageFor(deps, parent),
  });
}

/**
 * One of the child's personalised worksheets, in the order the offer leads its previews with (the
 * first for the welcome, the next for a reminder), on the paper of the parent's country. A page
 * that cannot be drawn is reported and left out: the link matters more than the gift, and a
 * retry would draw the same page.
 */
async function childPageFor(deps: ComposerDeps, parent: ParentRow, index = 0): Promise<MailAttachment | undefined> {
  const childName = parent.kidName?.trim();
  const item = previewItems(parent.topics, index + 1)[index];
  if (!childName || !item) return undefined;
  try {
    const content = await deps.renderPdf({
      document: { kind: "item", id: item.id },
      locale: parent.locale,
      paper: paperFor(parent.countryCode),
      childName,
      title: itemTitle(item, parent.locale),
    });
    return { filename: `kinderready-${item.id}-${parent.locale}.pdf`, contentType: "application/pdf", content };
  } catch (error) {
    deps.errors.report(error, { msg: "email: the child's worksheet not drawn" });
    return undefined;
  }
}

function accessLinkMail(deps: ComposeDeps, { parent, recipient, args }: ParentMessage): OutgoingMail {
  const signInUrl = new URL(localizePath("/profile/", parent.locale), deps.appUrl);
  signInUrl.searchParams.set("access", accessCode(deps.accessLinkSecret, args[0] ?? ""));
  return renderAccessLinkEmail({
    locale: parent.locale,
    to: recipient,
    signInUrl: signInUrl.toString(),
    minutes: accessLinkMinutes,
    supportEmail: deps.supportEmail,
  });
}

/** A reminder about the plan, while the parent still has not subscribed. */
async function checkoutAbandonedMail(deps: ComposeDeps, { parent, recipient, args }: ParentMessage) {
  if (await findSoldSubscription(deps.db, parent.userId)) return undefined;
  const number = args[0] === "2" ? 2 : 1;
  return renderCheckoutAbandonedEmail({
    locale: parent.locale,
    to: recipient,
    kidName: parent.kidName,
    number,
    url: parentUrl(deps, parent, parent.purchasePath, { offer: "1" }),
    page: number === 1 ? await childPageFor(deps, parent, 1) : undefined,
    supportEmail: deps.supportEmail,
    unsubscribeUrl: unsubscribeUrl(deps.appUrl, deps.accessLinkSecret, parent.locale, parent.userId),
  });
}

/** The win-back, while the subscription it is about is still over. */
async function winBackMail(deps: ComposeDeps, { parent, recipient, args }: ParentMessage) {
  const subscription = await findSoldSubscription(deps.db, parent.userId);
  if (!subscription || subscription.id !== args[0] || subscription.status !== "expired") return undefined;
  return renderWinBackEmail({
    locale: parent.locale,
    to: recipient,
    kidName: parent.kidName,
    url: parentUrl(deps, parent, parent.purchasePath),
    supportEmail: deps.supportEmail,
    unsubscribeUrl: unsubscribeUrl(deps.appUrl, deps.accessLinkSecret, parent.locale, parent.userId),
  });
}
