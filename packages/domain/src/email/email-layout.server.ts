import { directionOf, type Locale } from "@kinderready/i18n/locales";
import type { OutgoingMail } from "./mail.ts";

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A paragraph as HTML: escaped, its web addresses made links. Each link is isolated left to right,
 * or a right-to-left paragraph moves an address's slashes to its other end.
 */
const paragraphHtml = (paragraph: string) =>
  escapeHtml(paragraph).replace(
    /https?:\/\/[^\s<]*[^\s<.,;:!?)]/g,
    (url) => `<a href="${url}" dir="ltr" style="color:#5b3fd1;word-break:break-all">${url}</a>`,
  );

/**
 * Every email's frame, in the parent's language and direction: plain text plus a table-based
 * HTML part with inline styles, which is what Gmail, Outlook and Apple Mail render alike.
 * Paragraphs are plain text; the one link, when given, becomes a button with a fallback URL.
 */
export function renderEmail(input: {
  locale: Locale;
  to: string;
  subject: string;
  preheader: string;
  paragraphs: string[];
  link?: { label: string; url: string; fallback: string; after: string[] };
  footer: string;
  /** A marketing mail's way out: a link under the footer, and the List-Unsubscribe headers. */
  unsubscribe?: { label: string; url: string };
}): OutgoingMail {
  const { link } = input;
  const text = [
    ...input.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(link ? [link.url, "", ...link.after.flatMap((paragraph) => [paragraph, ""])] : []),
    "--",
    input.footer,
    // On two lines: a colon between them would need each language's own spacing.
    ...(input.unsubscribe ? ["", input.unsubscribe.label, input.unsubscribe.url] : []),
  ].join("\n");

  const dir = directionOf(input.locale);
  const align = dir === "rtl" ? "right" : "left";
  const p = (content: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#2b2540;text-align:${align}">${content}</p>`;
  const url = link ? escapeHtml(link.url) : "";
  const linkHtml = link
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr><td style="border-radius:999px;background:#5b3fd1">
<a href="${url}" style="display:inline-block;padding:14px 28px;font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:999px">${escapeHtml(link.label)}</a>
</td></tr></table>
${p(`${escapeHtml(link.fallback)}<br><a href="${url}" dir="ltr" style="color:#5b3fd1;word-break:break-all">${url}</a>`)}
${link.after.map((paragraph) => p(paragraphHtml(paragraph))).join("\n")}`
    : "";
  const html = `<!doctype html>
<html lang="${input.locale}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light"><title>${escapeHtml(input.subject)}</title></head>
<body style="margin:0;padding:0;background:#fff8ec">
<span style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(input.preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#fff8ec">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:16px" dir="${dir}">
<tr><td style="padding:32px 28px;font-family:Arial,Helvetica,sans-serif">
<p style="margin:0 0 24px;font-size:22px;font-weight:bold;color:#5b3fd1;text-align:${align}">KinderReady</p>
${input.paragraphs.map((paragraph) => p(paragraphHtml(paragraph))).join("\n")}
${linkHtml}
</td></tr></table>
<p style="max-width:560px;margin:16px auto 0;font-family:Arial,Helvetica,sans-serif;font-size:12px;line-height:18px;color:#6b6480;text-align:center">${escapeHtml(input.footer)}</p>
${input.unsubscribe ? `<p style="max-width:560px;margin:8px auto 0;font-family:Arial,Helvetica,sans-serif;font-size:12px;line-height:18px;text-align:center"><a href="${escapeHtml(input.unsubscribe.url)}" style="color:#6b6480">${escapeHtml(input.unsubscribe.label)}</a></p>` : ""}
</td></tr></table>
</body>
</html>`;
  return { to: input.to, subject: input.subject, text, html, unsubscribeUrl: input.unsubscribe?.url };
}
