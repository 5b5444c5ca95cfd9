import { directionOf, type Locale } from "@kinderready/i18n/locales";
import { serverI18n } from "@kinderready/i18n/server-i18n.server";
import type { OutgoingMail } from "./mail-sender.server.ts";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The welcome email with the confirmation link, in the parent's language: plain text plus a
 * table-based HTML part with inline styles, which is what Gmail, Outlook and Apple Mail render alike.
 */
export function renderWelcomeEmail(input: {
  locale: Locale;
  to: string;
  kidName: string;
  confirmUrl: string;
  supportEmail: string;
}): OutgoingMail {
  const { t } = serverI18n(input.locale);
  const name = input.kidName;
  const subject = t("email.welcome.subject", { name });
  const paragraphs = [t("email.welcome.body", { name }), t("email.welcome.confirmIntro")];
  const footer = t("email.footer", { email: input.supportEmail });
  const text = [
    t("email.welcome.greeting"),
    "",
    ...paragraphs.flatMap((paragraph) => [paragraph, ""]),
    input.confirmUrl,
    "",
    t("email.welcome.ignore"),
    "",
    t("email.welcome.signature"),
    "",
    "--",
    footer,
  ].join("\n");

  const dir = directionOf(input.locale);
  const align = dir === "rtl" ? "right" : "left";
  const url = escapeHtml(input.confirmUrl);
  const p = (content: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#2b2540;text-align:${align}">${content}</p>`;
  const html = `<!doctype html>
<html lang="${input.locale}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#fff8ec">
<span style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(t("email.welcome.preheader"))}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#fff8ec">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:16px" dir="${dir}">
<tr><td style="padding:32px 28px;font-family:Arial,Helvetica,sans-serif">
<p style="margin:0 0 24px;font-size:22px;font-weight:bold;color:#5b3fd1;text-align:${align}">KinderReady</p>
${p(escapeHtml(t("email.welcome.greeting")))}
${paragraphs.map((paragraph) => p(escapeHtml(paragraph))).join("\n")}
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr><td style="border-radius:999px;background:#5b3fd1">
<a href="${url}" style="display:inline-block;padding:14px 28px;font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:999px">${escapeHtml(t("email.welcome.confirmButton"))}</a>
</td></tr></table>
${p(`${escapeHtml(t("email.welcome.linkFallback"))}<br><a href="${url}" style="color:#5b3fd1;word-break:break-all">${url}</a>`)}
${p(escapeHtml(t("email.welcome.ignore")))}
${p(escapeHtml(t("email.welcome.signature")))}
</td></tr></table>
<p style="max-width:560px;margin:16px auto 0;font-family:Arial,Helvetica,sans-serif;font-size:12px;line-height:18px;color:#6b6480;text-align:center">${escapeHtml(footer)}</p>
</td></tr></table>
</body>
</html>`;
  return { to: input.to, subject, text, html };
}
