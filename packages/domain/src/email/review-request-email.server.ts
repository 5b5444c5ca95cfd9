import { type Locale, localizePath } from "@kinderready/i18n/locales";
import { serverI18n } from "@kinderready/i18n/server-i18n.server";
import { renderEmail } from "./email-layout.server.ts";
import type { OutgoingMail } from "./mail.ts";

/** The printables page, signed in by the parent's own token, opened at its review card. */
export function reviewPageUrl(appUrl: string, locale: Locale, token: string): string {
  const url = new URL(localizePath("/printables/", locale), appUrl);
  url.searchParams.set("token", token);
  url.hash = "review";
  return url.toString();
}

/** A week after the first payment: how is the kit going, with a link to the review card. */
export function renderReviewRequestEmail(input: {
  locale: Locale;
  to: string;
  kidName: string | null;
  reviewUrl: string;
  supportEmail: string;
  unsubscribeUrl: string;
}): OutgoingMail {
  const { t } = serverI18n(input.locale);
  const name = input.kidName?.trim();
  return renderEmail({
    locale: input.locale,
    to: input.to,
    subject: name ? t("reviews.email.subject", { name }) : t("reviews.email.subjectNoName"),
    preheader: t("reviews.email.preheader"),
    paragraphs: [t("reviews.email.greeting"), t("reviews.email.body"), t("reviews.email.published")],
    link: {
      label: t("reviews.email.button"),
      url: input.reviewUrl,
      fallback: t("reviews.email.linkFallback"),
      after: [t("reviews.email.signature")],
    },
    footer: t("reviews.email.footer", { email: input.supportEmail }),
    unsubscribe: { label: t("email.unsubscribe"), url: input.unsubscribeUrl },
  });
}
