// What the product sends email through; the adapters (SMTP, the local outbox) live in adapters/.

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where answers go when it is not the sender (support mail answers the parent). */
  replyTo?: string | undefined;
  /** Files sent with the message (the child's first worksheet with the welcome email). */
  attachments?: MailAttachment[] | undefined;
  /** A marketing mail's one-click unsubscribe address, sent as List-Unsubscribe (RFC 8058). */
  unsubscribeUrl?: string | undefined;
};

export type MailAttachment = { filename: string; contentType: string; content: Buffer };

/** Where email goes: a real SMTP server, or the local outbox table developers read. */
export type MailSender = {
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): void;
};
