import type { Database } from "@kinderready/db/open-db";
import { eachJobInBursts } from "@kinderready/db/start-jobs";
import { isLocale, type Locale } from "@kinderready/i18n/locales";
import type { PgBoss } from "pg-boss";
import { composers } from "./email-composers.server.ts";
import type { ComposerDeps } from "./email-composing.server.ts";
import { type EmailKindId, emailClassOf, parseEmailKind } from "./email-kinds.ts";
import { trackedLink } from "./email-links.server.ts";
import {
  findMessageToSend,
  incrementEmailAttempts,
  listStaleEmails,
  markEmailFailed,
  markEmailSent,
  markEmailSkipped,
  recordEmailError,
} from "./email-message-queries.server.ts";
import type { MailSender, OutgoingMail } from "./mail.ts";

/**
 * Email is a transactional outbox: the row in `email_messages` is written with the lead, and a
 * pg-boss job delivers it. A sweep re-queues rows whose job was lost (a crash between the commit
 * and the enqueue), so no email is dropped and, as the row records delivery, none is sent twice.
 */
const sendJob = "email-send";
const sweepJob = "email-sweep";
const retry = { retryLimit: 6, retryDelay: 30, retryBackoff: true } as const;

export type EmailQueue = Pick<PgBoss, "send">;

/** The email worker's dependencies: what the composers need, and the sender that delivers. */
export type EmailDeps = ComposerDeps & { sender: MailSender };

export async function enqueueEmail(queue: EmailQueue, messageId: string): Promise<void> {
  await queue.send(sendJob, { messageId }, { singletonKey: messageId, ...retry });
}

type StoredMessage = {
  kind: string;
  recipient: string;
  userId: string | null;
  token: string | null;
  locale: string | null;
  kidName: string | null;
  countryCode: string | null;
  topics: string[] | null;
  purchasePath: string | null;
  isForbiddenToMailing: boolean | null;
};

/**
 * Sends one queued email. Returns "skipped" when it was already sent, no longer exists or has
 * nothing left to say (the parent gone, the trial it announced cancelled): such a row is marked
 * skipped, so the sweep leaves it. A row of an unknown kind is marked failed and reported.
 */
export async function deliverEmail(deps: EmailDeps, messageId: string): Promise<"sent" | "skipped"> {
  const row = await findMessageToSend(deps.db, messageId);
  if (row?.status !== "queued") return "skipped";

  const kind = parseEmailKind(row.kind);
  if (!kind) {
    const refused = new UnknownEmailKind(row.kind);
    deps.errors.report(refused, { msg: "email of an unknown kind refused", extra: { messageId } });
    await markEmailFailed(deps.db, messageId, refused.message);
    return "skipped";
  }
  const mail = await composeMail(deps, row, kind, messageId);
  if (!mail) {
    await markEmailSkipped(deps.db, messageId);
    return "skipped";
  }

  await incrementEmailAttempts(deps.db, messageId);
  try {
    const { messageId: providerMessageId } = await deps.sender.send(mail);
    await markEmailSent(deps.db, messageId, { sentAt: new Date(), providerMessageId });
    return "sent";
  } catch (error) {
    // The job retries with backoff; the row shows the operator why.
    await recordEmailError(deps.db, messageId, String(error).slice(0, 500));
    throw error;
  }
}

async function composeMail(
  deps: EmailDeps,
  row: StoredMessage,
  kind: { id: EmailKindId; args: string[] },
  messageId: string,
): Promise<OutgoingMail | undefined> {
  const parent =
    row.userId !== null && row.token !== null && row.purchasePath !== null && row.isForbiddenToMailing !== null
      ? {
          userId: row.userId,
          token: row.token,
          locale: isLocale(row.locale ?? "") ? (row.locale as Locale) : "en",
          kidName: row.kidName,
          countryCode: row.countryCode,
          topics: row.topics ?? [],
          purchasePath: row.purchasePath,
          isForbiddenToMailing: row.isForbiddenToMailing,
        }
      : undefined;
  // A parent who stopped allowing marketing mail since it was queued is not sent it.
  if (emailClassOf[kind.id] === "marketing" && parent?.isForbiddenToMailing) return undefined;
  const track = (target: string) =>
    trackedLink({ appUrl: deps.appUrl, secret: deps.accessLinkSecret, messageId, target });
  return composers[kind.id]({ ...deps, track }, { recipient: row.recipient, args: kind.args, parent });
}

/** A queued row whose kind nobody registered: refused and reported, never sent as some other email. */
class UnknownEmailKind extends Error {
  constructor(kind: string) {
    super(`unknown email kind: ${kind.slice(0, 80)}`);
    this.name = "UnknownEmailKind";
  }
}

/** Queued emails older than a few minutes whose job may have been lost. */
async function requeueStaleEmails(deps: { db: Database }, queue: EmailQueue, olderThanMinutes = 5): Promise<number> {
  const stale = await listStaleEmails(deps.db, olderThanMinutes, retry.retryLimit + 1);
  for (const { id } of stale) await enqueueEmail(queue, id);
  return stale.length;
}

/** The email queues, so a web process can enqueue before any worker has started. */
export async function createEmailQueues(boss: PgBoss): Promise<void> {
  await boss.createQueue(sendJob, { policy: "stately" });
  await boss.createQueue(sweepJob, { policy: "singleton" });
}

/** Creates the queues and starts delivering; the sweep runs every five minutes. */
export async function startEmailWorker(boss: PgBoss, deps: EmailDeps): Promise<void> {
  await createEmailQueues(boss);
  const delivery = eachJobInBursts<{ messageId: string }>((data) => deliverEmail(deps, data.messageId));
  await boss.work(sendJob, delivery.options, delivery.handler);
  await boss.work(sweepJob, async () => {
    await requeueStaleEmails(deps, boss);
  });
  await boss.schedule(sweepJob, "*/5 * * * *");
}
