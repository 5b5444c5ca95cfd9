import { sessionId, verifiedParent } from "../../session/parent-session.server.ts";
import { requestSignInLink, signInWithLink, signOut, signOutOtherDevices } from "./access-intents.server.ts";
import {
  buyLifetime,
  cancelSubscription,
  giveCancelReason,
  keepAfterHelpWorked,
  pauseSubscription,
} from "./cancel-subscription/cancel-intents.server.ts";
import { deleteParentData, updatePrivacyChoices } from "./privacy-intents.server.ts";
import { failure, type Intent, type IntentAnswer, type IntentBody } from "./profile-actions.server.ts";
import type { IntentHandler, ParentPost, VisitorPost } from "./profile-intent-context.server.ts";
import {
  payWithAnotherCard,
  renewSubscription,
  restoreSubscription,
  resumeSubscription,
} from "./subscription-intents.server.ts";

/**
 * An intent that changes the account or spends money: a link or an unverified device may not
 * post it. The handler is handed the parent this device proved it is.
 */
function forParent<I extends Intent>(handler: IntentHandler<I, ParentPost>): IntentHandler<I> {
  return async (body, post) => {
    const signedIn = await verifiedParent(post.request, post.services);
    const current = sessionId(post.request);
    if (!signedIn || !current) return failure(body.intent, "profile.errors.signedOut", 401);
    const { services } = post;
    return handler(body, {
      ...post,
      signedIn,
      current,
      parent: { token: signedIn.token },
      flow: { ...services.payments, emails: services.emails },
    });
  };
}

/** Each intent's handler: signing in and out is open to anyone; everything else needs the parent. */
const intentHandlers: { [I in Intent]: IntentHandler<I> } = {
  "request-link": requestSignInLink,
  "sign-in": signInWithLink,
  "sign-out": signOut,
  "sign-out-others": forParent(signOutOtherDevices),
  consent: forParent(updatePrivacyChoices),
  "cancel-reason": forParent(giveCancelReason),
  cancel: forParent(cancelSubscription),
  pause: forParent(pauseSubscription),
  lifetime: forParent(buyLifetime),
  "help-worked": forParent(keepAfterHelpWorked),
  resume: forParent(resumeSubscription),
  restore: forParent(restoreSubscription),
  renew: forParent(renewSubscription),
  "another-card": forParent(payWithAnotherCard),
  delete: forParent(deleteParentData),
};

/** A checked post answered by its intent's handler. */
export function answerIntent<I extends Intent>(
  intent: I,
  body: IntentBody<I>,
  post: VisitorPost,
): Promise<IntentAnswer> | IntentAnswer {
  const handler: IntentHandler<I> = intentHandlers[intent];
  return handler(body, post);
}
