import { AppError, AppErrorCode } from "../app-error.ts";
import type { WithdrawalWaiver } from "../consent/withdrawal-right.ts";
import { type EmailQueue, enqueueEmail } from "../email/email-queue.server.ts";
import { placeInSplit, type SplitConfig } from "../experiments/split-config.server.ts";
import { findSplit, saveOfferSplit } from "../experiments/split-tests.ts";
import { findParent } from "../parents/find-parent.server.ts";
import { countPausesSince } from "../payments/billing-queries.server.ts";
import type { CancelReason } from "../payments/cancel-reasons.ts";
import type { PaymentDeps } from "../payments/orders.server.ts";
import { pauseSubscription } from "../payments/subscription-pauses.server.ts";
import {
  mayPause,
  type PausePeriods,
  pauseChoices,
  pauseLimitSince,
  pauseWindow,
} from "../subscriptions/pause-rules.ts";
import { findSoldSubscription } from "../subscriptions/subscription-queries.server.ts";
import { renews, type SubscriptionRow } from "../subscriptions/subscription-state.ts";
import { buyUpsell, getUpsellOffer, getUpsellStatus } from "../upsell/upsell.server.ts";
import {
  findOpenCancelFlowSession,
  insertCancelFlowSession,
  markCancelFlowSessionCancelled,
  markCancelFlowSessionSaved,
} from "./cancel-flow-session-queries.server.ts";
import { cancelSubscriptionByParent } from "./profile.server.ts";
import type { SubscriptionInfo } from "./profile-schema.ts";
import { describeSubscription } from "./profile-shaping.ts";
import { type SaveOffer, saveOfferFor, saveOffers } from "./save-offers.ts";

// The signed-in cancel flow after the reason: one answer that fits it (a pause, lifetime access,
// help), shown once beside "Cancel anyway", and every pass recorded with how it ended. A reason
// with no fitting answer cancels at once.

/** The save-offer experiment, when running, is read from the split configuration. */
export type CancelFlowDeps = PaymentDeps & { emails: EmailQueue; splits: SplitConfig };

/** What the flow shows after the reason: the offer and what it would do, priced by the server. */
export type SaveOfferView =
  | { offer: "pause"; choices: { periods: PausePeriods; from: string; resumesAt: string }[] }
  | { offer: "lifetime"; price: number; currency: string }
  | { offer: "help" };

export type CancelFlowStep =
  | { sessionId: string; save: SaveOfferView }
  | { sessionId: string; cancelled: SubscriptionInfo };

const noSession = () =>
  new AppError(AppErrorCode.NotFound, "session", "No open cancel flow for this parent", "profile.errors.flowExpired");

async function requireSubscriber(deps: CancelFlowDeps, token: string) {
  const parent = await findParent(deps, { token });
  const subscription = parent && (await findSoldSubscription(deps.db, parent.id));
  if (!parent || !subscription || !renews(subscription)) {
    throw new AppError(
      AppErrorCode.NothingToCancel,
      "subscription",
      "There is no renewing subscription to cancel",
      "profile.errors.nothingToCancel",
    );
  }
  return { parent, subscription };
}

/** The save-offer split's group for a parent giving its reason, while the operator runs it. */
async function saveOfferGroup(deps: CancelFlowDeps, input: { userId: string; reason: CancelReason }) {
  if (input.reason !== "high_price") return undefined;
  const split = findSplit(await deps.splits.current(), saveOfferSplit.scope, saveOfferSplit.name);
  return split && (await placeInSplit(deps, split, input.userId));
}

async function offerFor(
  deps: CancelFlowDeps,
  input: { token: string; reason: CancelReason; subscription: SubscriptionRow; tried: string | undefined },
): Promise<SaveOfferView | undefined> {
  const canPause = mayPause(
    input.subscription,
    await countPausesSince(deps.db, input.subscription.id, pauseLimitSince(deps.now())),
  );
  const upsell = input.reason === "high_price" ? await getUpsellOffer(deps, { userToken: input.token }) : undefined;
  const canLifetime = upsell !== undefined && !upsell.owned.includes("lifetime");
  const tried = saveOffers.find((offer) => offer === input.tried);
  const offer: SaveOffer = saveOfferFor(input.reason, { pause: canPause, lifetime: canLifetime }, tried);
  switch (offer) {
    case "pause":
      return {
        offer,
        choices: pauseChoices.map((periods) => {
          const window = pauseWindow(input.subscription, periods);
          return { periods, from: window.from.toISOString(), resumesAt: window.resumesAt.toISOString() };
        }),
      };
    case "lifetime":
      return upsell && { offer, price: upsell.plans.lifetime.price, currency: upsell.plans.lifetime.currency_code };
    case "help":
      return { offer };
    case "none":
      return undefined;
  }
}

/**
 * The reason is given: records the pass with the answer that fits it and answers that answer;
 * with none that fits, cancels at once.
 */
export async function startCancelFlow(
  deps: CancelFlowDeps,
  input: { token: string; reason: CancelReason; comment?: string | undefined },
): Promise<CancelFlowStep> {
  const { parent, subscription } = await requireSubscriber(deps, input.token);
  const experimentGroup = await saveOfferGroup(deps, { userId: parent.id, reason: input.reason });
  const save = await offerFor(deps, { token: input.token, reason: input.reason, subscription, tried: experimentGroup });
  const session = await insertCancelFlowSession(deps.db, {
    userId: parent.id,
    reason: input.reason,
    comment: input.reason === "other" ? input.comment || null : null,
    offer: save?.offer ?? "none",
    experimentGroup: experimentGroup ?? null,
    renewalAmount: subscription.renewalAmount,
    currency: subscription.currency,
    startedAt: deps.now(),
  });
  if (!session) throw new Error("cancel flow not recorded");
  if (save) return { sessionId: session.id, save };
  return { sessionId: session.id, cancelled: await cancelFromFlow(deps, input.token, session) };
}

/** This parent's pass, still undecided; one that offered `offer` when one is named. */
async function openPass(deps: CancelFlowDeps, input: { token: string; sessionId: string }, offer?: SaveOffer) {
  const parent = await findParent(deps, { token: input.token });
  const session = parent
    ? await findOpenCancelFlowSession(deps.db, { id: input.sessionId, userId: parent.id })
    : undefined;
  if (!parent || !session || (offer && session.offer !== offer)) throw noSession();
  return { parent, session };
}

/** "Cancel anyway": cancels with the pass's reason. */
export async function cancelAfterOffer(
  deps: CancelFlowDeps,
  input: { token: string; sessionId: string },
): Promise<SubscriptionInfo> {
  const { session } = await openPass(deps, input);
  return cancelFromFlow(deps, input.token, session);
}

/** The pause offered instead: scheduled from the end of the period paid for, and confirmed by email. */
export async function pauseInsteadOfCancelling(
  deps: CancelFlowDeps,
  input: { token: string; sessionId: string; periods: PausePeriods },
): Promise<SubscriptionInfo> {
  const { parent, session } = await openPass(deps, input, "pause");
  const now = deps.now();
  const { subscription, messageId } = await deps.db.transaction(async (tx) => {
    const result = await pauseSubscription({ db: tx }, { userId: parent.id, periods: input.periods, now });
    await markCancelFlowSessionSaved(tx, { id: session.id, savedBy: `pause:${input.periods}`, now });
    return result;
  });
  if (messageId) await enqueueEmail(deps.emails, messageId);
  return describeSubscription(subscription, now);
}

/**
 * Lifetime access offered instead, one click on the card on file. A charge still processing
 * settles by itself; the pass counts as saved once it is approved.
 */
export async function buyLifetimeInsteadOfCancelling(
  deps: CancelFlowDeps,
  input: WithdrawalWaiver & { token: string; sessionId: string },
): Promise<{ status: "approved" | "processing" }> {
  const { session } = await openPass(deps, input, "lifetime");
  const { orderId } = await buyUpsell(deps, {
    ...input,
    userToken: input.token,
    recurringType: "lifetime",
    shown: "initial",
  });
  const { status, errorCode } = await getUpsellStatus(deps, { orderId, userToken: input.token });
  if (status === "declined") {
    throw new AppError(
      AppErrorCode.Conflict,
      "card",
      `lifetime access declined (${errorCode})`,
      "profile.errors.declined",
    );
  }
  if (status === "approved")
    await markCancelFlowSessionSaved(deps.db, { id: session.id, savedBy: "lifetime", now: deps.now() });
  return { status };
}

/** The help offered worked: the subscription carries on. */
export async function keepAfterHelp(
  deps: CancelFlowDeps,
  input: { token: string; sessionId: string },
): Promise<SubscriptionInfo> {
  const { parent, session } = await openPass(deps, input, "help");
  const now = deps.now();
  await markCancelFlowSessionSaved(deps.db, { id: session.id, savedBy: "help", now });
  const subscription = await findSoldSubscription(deps.db, parent.id);
  if (!subscription) throw noSession();
  return describeSubscription(subscription, now);
}

/** Cancels with the pass's reason and comment, and records how the pass ended. */
async function cancelFromFlow(
  deps: CancelFlowDeps,
  token: string,
  pass: { id: string; reason: string; comment: string | null },
): Promise<SubscriptionInfo> {
  const cancelled = await cancelSubscriptionByParent(deps, {
    token,
    request: { reason: pass.reason as CancelReason, comment: pass.comment ?? undefined },
  });
  await markCancelFlowSessionCancelled(deps.db, { id: pass.id, now: deps.now() });
  return cancelled;
}
