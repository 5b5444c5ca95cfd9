import type { Database } from "@kinderready/db/open-db";
import { createTransport } from "nodemailer";
import { insertOutboxMail } from "../email/email-outbox-queries.server.ts";
import type { MailSender, OutgoingMail } from "../email/mail.ts";

/** SMTP when a URL is configured (smtp://, smtps://, with credentials); otherwise the outbox. */
export function createMailSender(options: { smtpUrl?: string | undefined; from: string; db: Database }): MailSender {
  return options.smtpUrl
    ? createSmtpSender(options.smtpUrl, options.from)
    : createOutboxSender({ db: options.db }, options.from);
}

export function createSmtpSender(smtpUrl: string, from: string): MailSender {
  const transport = createTransport(smtpUrl, { from });
  return {
    async send(mail) {
      const info = await transport.sendMail(nodemailerMessage(mail));
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}

/** The same MIME message nodemailer would put on the wire, kept in the database instead. */
export function createOutboxSender(deps: { db: Database }, from: string): MailSender {
  const transport = createTransport({ streamTransport: true, buffer: true, newline: "unix" }, { from });
  return {
    async send(mail) {
      const info = await transport.sendMail(nodemailerMessage(mail));
      const { to: recipient, subject, text, html } = mail;
      await insertOutboxMail(deps.db, { recipient, subject, text, html, raw: info.message.toString() });
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}

/**
 * The message as nodemailer takes it. An unsubscribe address becomes List-Unsubscribe with
 * List-Unsubscribe-Post, which mail clients show as a one-click button (RFC 8058).
 */
function nodemailerMessage({ unsubscribeUrl, ...mail }: OutgoingMail) {
  return unsubscribeUrl
    ? {
        ...mail,
        list: { unsubscribe: unsubscribeUrl },
        headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      }
    : mail;
}
