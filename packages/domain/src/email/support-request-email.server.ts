import type { Database } from "@kinderready/db/open-db";
import { findSupportRequest } from "./email-composing-queries.server.ts";
import type { OutgoingMail } from "./mail.ts";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A contact-form message as an email to the support team (in English, their working language):
 * plain text, answered straight to the parent by Reply-To. Gone (erased meanwhile): nothing to send.
 */
export async function renderSupportRequestMail(
  deps: { db: Database },
  requestId: string,
  to: string,
): Promise<OutgoingMail | undefined> {
  const request = await findSupportRequest(deps.db, requestId);
  return request && supportRequestMail(request, to);
}

/** The support team's email for one contact-form message. */
export function supportRequestMail(
  request: { name: string; email: string; locale: string; userId: string | null; message: string },
  to: string,
): OutgoingMail {
  const text = [
    `From: ${request.name} <${request.email}>`,
    `Language: ${request.locale}`,
    `Signed in: ${request.userId ? "yes" : "no"}`,
    "",
    request.message,
  ].join("\n");
  return {
    to,
    replyTo: request.email,
    subject: `Support request from ${request.name.replace(/[\r\n]+/g, " ")}`,
    text,
    html: `<pre style="font:14px/1.5 sans-serif;white-space:pre-wrap">${escapeHtml(text)}</pre>`,
  };
}
