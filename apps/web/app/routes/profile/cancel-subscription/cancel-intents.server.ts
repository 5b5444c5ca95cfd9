import { withdrawalRightApplies } from "@kinderready/domain/consent/withdrawal-right";
import {
  buyLifetimeInsteadOfCancelling,
  cancelAfterOffer,
  keepAfterHelp,
  pauseInsteadOfCancelling,
  startCancelFlow,
} from "@kinderready/domain/profile/cancel-flow.server";
import { cancelSubscriptionByParent } from "@kinderready/domain/profile/profile.server";
import { cancelRequestSchema } from "@kinderready/domain/profile/profile-schema";
import { failure, type ProfileActionResult } from "../profile-actions.server.ts";
import type { IntentHandler, ParentPost } from "../profile-intent-context.server.ts";

// The cancel flow's posts: the reason, then the answer to the offer that fits it.

/** The reason, answered with the offer that fits it, or cancelled at once when none does. */
export const giveCancelReason: IntentHandler<"cancel-reason", ParentPost> = async (body, { flow, parent, geo }) => {
  const parsed = cancelRequestSchema.safeParse({ reason: body.reason, comment: body.comment });
  if (!parsed.success) return failure(body.intent, "validation.messages.chooseReason", 400, "reason");
  const step = await startCancelFlow(flow, { ...parent, ...parsed.data });
  return "save" in step
    ? ({
        intent: body.intent,
        ok: true,
        session: step.sessionId,
        save: step.save,
        withdrawalConsent: withdrawalRightApplies(geo.countryCode),
      } satisfies ProfileActionResult)
    : ({ intent: "cancel", ok: true, subscription: step.cancelled } satisfies ProfileActionResult);
};

/** Cancels: after the offer (the flow's session), or with a reason given in the same post. */
export const cancelSubscription: IntentHandler<"cancel", ParentPost> = async (body, { flow, parent, services }) => {
  if (body.session) {
    const subscription = await cancelAfterOffer(flow, { ...parent, sessionId: body.session });
    return { intent: body.intent, ok: true, subscription } satisfies ProfileActionResult;
  }
  const parsed = cancelRequestSchema.safeParse({ reason: body.reason, comment: body.comment });
  if (!parsed.success) return failure(body.intent, "validation.messages.chooseReason", 400, "reason");
  const subscription = await cancelSubscriptionByParent(services.account, { ...parent, request: parsed.data });
  return { intent: body.intent, ok: true, subscription } satisfies ProfileActionResult;
};

/** Takes the offered pause, for one period or two. */
export const pauseSubscription: IntentHandler<"pause", ParentPost> = async (body, { flow, parent }) => {
  const periods = body.periods === "2" ? 2 : 1;
  const subscription = await pauseInsteadOfCancelling(flow, { ...parent, sessionId: body.session, periods });
  return { intent: body.intent, ok: true, subscription } satisfies ProfileActionResult;
};

/** Takes the offered lifetime access, paid at once with the card on file. */
export const buyLifetime: IntentHandler<"lifetime", ParentPost> = async (body, { flow, parent, geo }) => {
  const { status } = await buyLifetimeInsteadOfCancelling(flow, {
    ...parent,
    sessionId: body.session,
    countryCode: geo.countryCode,
    immediateAccessConsent: body.immediate_access,
  });
  return { intent: body.intent, ok: true, status } satisfies ProfileActionResult;
};

/** The offered help worked: the subscription is kept. */
export const keepAfterHelpWorked: IntentHandler<"help-worked", ParentPost> = async (body, { flow, parent }) => {
  const subscription = await keepAfterHelp(flow, { ...parent, sessionId: body.session });
  return { intent: body.intent, ok: true, subscription } satisfies ProfileActionResult;
};
