import { insertOrderEmail } from "../email/email-message-queries.server.ts";
import { type EmailQueue, enqueueEmail } from "../email/email-queue.server.ts";
import type { ErrorReporter } from "../error-reporting/error-reporter.ts";
import type { SettleHook } from "./orders.server.ts";

/**
 * After what a settled order does to the subscription: a receipt for every approved charge, and
 * a payment-failed email for every declined renewal, written with the settlement and enqueued once
 * it is committed. A failed enqueue is reported and left to the email sweep: the payment it
 * follows has been recorded either way.
 */
export function withPaymentEmails(settle: SettleHook, queue: EmailQueue, errors: ErrorReporter): SettleHook {
  return async (tx, order, update, afterCommit) => {
    await settle(tx, order, update, afterCommit);
    const kind =
      update.status === "approved"
        ? "receipt"
        : // The parent who tried another card on the gateway's page sees its decline there.
          update.status === "declined" && order.purpose === "renewal" && !order.viaPaymentPage
          ? "payment-failed"
          : undefined;
    const messageId = kind && (await insertOrderEmail(tx, order, kind));
    if (!messageId) return;
    afterCommit(() =>
      enqueueEmail(queue, messageId).catch((error: unknown) =>
        errors.report(error, { msg: "payment email enqueue failed" }),
      ),
    );
  };
}
