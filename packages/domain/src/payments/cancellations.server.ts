import type { Transaction } from "@kinderready/db/open-db";
import { emailKind } from "../email/email-kinds.ts";
import { insertParentEmail } from "../email/email-message-queries.server.ts";
import { insertCancellationRequest } from "./billing-queries.server.ts";

/** Where a cancellation came from: the parent's profile, the operator's console, or the public cancel page. */
export type CancellationChannel = "profile" | "console" | "cancel-page";
/** Ordinary ends with the period paid for (or a later date asked for); extraordinary ends at once. */
export type CancellationKind = "ordinary" | "extraordinary";
export type CancellationOutcome = "cancelled" | "scheduled" | "already-cancelled" | "no-subscription";

/**
 * Records a cancellation as received and, when it reached a subscription, writes its
 * confirmation to the account's own address in the same transaction (the outbox): the id of that
 * email is answered, to enqueue once committed.
 */
export async function recordCancellation(
  deps: { db: Transaction },
  input: {
    userId: string | null;
    channel: CancellationChannel;
    kind: CancellationKind;
    reason?: string | null | undefined;
    email?: string | null | undefined;
    requestedEnd?: Date | null | undefined;
    outcome: CancellationOutcome;
    endsAt: Date | null;
    receivedAt: Date;
  },
): Promise<{ requestId: string; messageId: string | undefined }> {
  const request = await insertCancellationRequest(deps.db, {
    userId: input.userId,
    channel: input.channel,
    kind: input.kind,
    reason: input.reason ?? null,
    email: input.email ?? null,
    requestedEnd: input.requestedEnd ?? null,
    outcome: input.outcome,
    endsAt: input.endsAt,
    receivedAt: input.receivedAt,
  });
  if (!request) throw new Error("cancellation not recorded");
  if (!input.userId || input.outcome === "no-subscription") return { requestId: request.id, messageId: undefined };
  const messageId = await insertParentEmail(deps.db, {
    userId: input.userId,
    kind: emailKind("cancellation-confirmed", request.id),
  });
  return { requestId: request.id, messageId };
}
