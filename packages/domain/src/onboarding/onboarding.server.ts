import type { Database } from "@kinderready/db/open-db";
import { AppError, AppErrorCode } from "../app-error.ts";
import { mailingPolicyFor } from "../consent/mailing-consent.ts";
import { type EmailQueue, enqueueEmail } from "../email/email-queue.server.ts";
import { soldProduct } from "../product.ts";
import { createRandomToken } from "../random-token.ts";
import { allowAttempt, throttleKey } from "../request-throttle.server.ts";
import { hasAccess } from "../subscriptions/subscription-state.ts";
import {
  deleteQuizAnswers,
  findLead,
  findLeadSubscription,
  findLeadTokenByEmail,
  insertQuizAnswers,
  insertWelcomeEmail,
  updateEmailConfirmed,
  upsertAttribution,
  upsertLead,
} from "./lead-queries.server.ts";
import type { OnboardingData, OnboardingStatus } from "./onboarding-schema.ts";

export type OnboardingDeps = { db: Database; emails: EmailQueue };

/** The marketing-email service whose links carry `esputnikContactId`. */
export const marketingEmailSource = "esputnik";

const emailTaken = () =>
  new AppError(AppErrorCode.Conflict, "email", "This email already exists", "validation.messages.emailExists");

/** What storing a quiz did: the lead's id, whether this call created it, the welcome email queued. */
export type SubmittedOnboarding = { userId: string; created: boolean; messageId?: string };

/**
 * Stores a finished quiz as a lead and queues the welcome email. Idempotent per user token:
 * a retry updates the same lead, replaces its answers and never sends a second welcome email.
 * Once the parent has bought (or was given access, or deleted their data) the token no longer
 * rewrites the account: whoever holds a token must not be able to swap in their own email and
 * sign in with it.
 */
export async function submitOnboarding(deps: OnboardingDeps, input: OnboardingData): Promise<SubmittedOnboarding> {
  const policy = mailingPolicyFor(input.country_code, input.region);
  const lead = {
    token: input.user_token,
    product: soldProduct,
    email: input.email,
    locale: input.locale,
    countryCode: input.country_code ?? null,
    region: input.region ?? null,
    flow: input.purchasePathByFlow === "/offer1/" ? "copy_1" : "main",
    purchasePath: input.purchasePathByFlow,
    kidName: input.kid.name,
    kidAge: input.kid.years.value,
    kidAgeText: input.kid.years.text,
    topics: input.topics ?? [],
    isForbiddenToMailing: input.isForbiddenToMailing,
    mailingOptInCountry: policy.optIn,
    ccpa: policy.ccpa,
    timeZone: input.time_zone ?? null,
  };
  // Outside opt-in countries a parent who allows mailing is confirmed without the link.
  const confirmedNow = policy.autoConfirm && !input.isForbiddenToMailing ? new Date() : null;

  let stored: { userId: string; created: boolean; queuedId: string | undefined };
  try {
    stored = await deps.db.transaction(async (tx) => {
      const user = await upsertLead(tx, {
        lead,
        email: input.email,
        confirmedNow,
        marketingContactId: createRandomToken(),
        now: new Date(),
      });
      if (!user) {
        throw new AppError(
          AppErrorCode.Conflict,
          "user_token",
          "This parent has already bought; their details change on the profile",
          "validation.messages.alreadyBought",
        );
      }

      await deleteQuizAnswers(tx, user.id);
      if (input.questions.length > 0) {
        await insertQuizAnswers(
          tx,
          input.questions.map((q, position) => ({ userId: user.id, questionId: q.id, position, answer: q.answer })),
        );
      }

      const tracking = input.tracking;
      const attribution = {
        utmCampaign: tracking.utmLabels.utm_campaign ?? null,
        utmMedium: tracking.utmLabels.utm_medium ?? null,
        utmSource: tracking.utmLabels.utm_source ?? null,
        utmContent: tracking.utmLabels.utm_content ?? null,
        gclid: tracking.googleAnalytics.gclid ?? null,
        clientId: tracking.googleAnalytics.client_id ?? null,
        fbPixelId: tracking.fbAnalytics.fb_pixel_id ?? null,
        fbc: tracking.fbAnalytics.fbc ?? null,
        fbp: tracking.fbAnalytics.fbp ?? null,
        fbclid: tracking.fbAnalytics.fbclid ?? null,
        ttclid: tracking.ttclid ?? null,
        firstVisitId: tracking.first_visit_id ?? null,
        organic: tracking.organic,
      };
      await upsertAttribution(tx, { userId: user.id, attribution, now: new Date() });

      const queuedId = await insertWelcomeEmail(tx, { userId: user.id, recipient: input.email });
      return { userId: user.id, created: user.created, queuedId };
    });
  } catch (error) {
    if (isUniqueViolation(error, "users_product_email_unique")) throw emailTaken();
    throw error;
  }
  const { userId, created, queuedId } = stored;
  if (queuedId) await enqueueEmail(deps.emails, queuedId);
  return queuedId ? { userId, created, messageId: queuedId } : { userId, created };
}

/** True when no other parent has this email. */
export async function checkEmailUnique(
  deps: Pick<OnboardingDeps, "db">,
  input: { email: string; user_token?: string | undefined },
): Promise<boolean> {
  const ownerToken = await findLeadTokenByEmail(deps.db, input.email);
  return ownerToken === undefined || ownerToken === input.user_token;
}

/**
 * How often one client address may do anything that tells whether an email is registered: ask
 * "is this email free?" and submit the quiz (which refuses a taken address), counted together.
 */
export const emailCheckLimit = { max: 40, windowMinutes: 10 };

const emailRevealRule = (clientAddress: string) => ({
  key: throttleKey("email-check", clientAddress),
  ...emailCheckLimit,
});

/**
 * The quiz's question "is this email free?", asked by a stranger's browser. Past the limit per
 * client address every answer is "free", so the check cannot test lists of addresses.
 */
export async function checkEmailForVisitor(
  deps: Pick<OnboardingDeps, "db">,
  input: { email: string; user_token?: string | undefined },
  clientAddress: string,
  now: Date,
): Promise<boolean> {
  if (!(await allowAttempt(deps, [emailRevealRule(clientAddress)], now))) return true;
  return checkEmailUnique(deps, input);
}

/**
 * The finished quiz from a stranger's browser. Its "this email already exists" answers the same
 * question as the check, so it counts against the same limit; past it, every address, known or
 * not, gets the same "too many attempts", and nothing is stored.
 */
export async function submitOnboardingForVisitor(
  deps: OnboardingDeps,
  input: OnboardingData,
  clientAddress: string,
  now: Date,
): Promise<SubmittedOnboarding> {
  if (!(await allowAttempt(deps, [emailRevealRule(clientAddress)], now))) {
    throw new AppError(
      AppErrorCode.RateLimited,
      "email",
      "Too many attempts from this address",
      "validation.messages.tooManyAttempts",
    );
  }
  return submitOnboarding(deps, input);
}

/**
 * What the funnel needs to know about a visitor. An unknown token is a new visitor, not an
 * error: the browser makes up its token before the server has seen it. A contact id from a
 * marketing email finds the parent's own lead, whose token then replaces the browser's.
 */
export async function getOnboardingStatus(
  deps: Pick<OnboardingDeps, "db">,
  input: { token: string; esputnikContactId?: string | undefined; utm_source?: string | undefined },
): Promise<OnboardingStatus> {
  const viaContact = input.esputnikContactId && input.utm_source === marketingEmailSource;
  const user = await findLead(
    deps.db,
    viaContact ? { marketingContactId: input.esputnikContactId as string } : { token: input.token },
  );
  return onboardingStatusOf(deps, user);
}

/**
 * The same status for a parent the caller has already looked up (undefined: a new visitor), so
 * a page that needs the parent's row as well reads it once.
 */
export async function onboardingStatusOf(
  deps: Pick<OnboardingDeps, "db">,
  user: { id: string; token: string; email: string | null; isManualAccess: boolean } | undefined,
): Promise<OnboardingStatus> {
  const subscription = user ? await findLeadSubscription(deps.db, user.id) : undefined;
  const active = subscription ? hasAccess(subscription, new Date()) : false;
  return {
    purchased: active,
    recurring_purchased: active && subscription?.status !== "lifetime",
    registered: Boolean(user?.email),
    email: user?.email ?? null,
    paymentType: subscription ? "subscription" : null,
    isSubscriptionExpired: subscription?.status === "expired",
    subscriptionStatus: subscription?.status ?? null,
    isManualAccess: user?.isManualAccess ?? false,
    esputnikUserData: user?.email ? { email: user.email, userToken: user.token } : null,
  };
}

/** The parent opened the confirmation link: record it, with their mailing choice and time zone. */
export async function confirmEmail(
  deps: Pick<OnboardingDeps, "db">,
  input: {
    email: string;
    token: string;
    time_zone?: string | undefined;
    isForbiddenToMailing: boolean;
  },
): Promise<{ email: string; confirmed: boolean; isForbiddenToMailing: boolean }> {
  const user = await updateEmailConfirmed(deps.db, {
    email: input.email,
    token: input.token,
    timeZone: input.time_zone,
    isForbiddenToMailing: input.isForbiddenToMailing,
    now: new Date(),
  });
  if (!user?.email) throw new AppError(AppErrorCode.NotFound, "token", "No lead matches this email and token");
  return { email: user.email, confirmed: true, isForbiddenToMailing: user.isForbiddenToMailing };
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  // node-postgres and PGlite both report the SQLSTATE and the constraint, sometimes on the cause.
  for (
    let current: unknown = error;
    current && typeof current === "object";
    current = (current as { cause?: unknown }).cause
  ) {
    const { code, constraint: name } = current as { code?: string; constraint?: string };
    if (code === "23505" && name === constraint) return true;
  }
  return false;
}
