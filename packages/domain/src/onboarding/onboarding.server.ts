import type { Database } from "@kinderready/db/open-db";
import { attributions, emailMessages, entitlements, quizAnswers, subscriptions, users } from "@kinderready/db/schema";
import { and, eq, sql } from "drizzle-orm";
import { AppError, AppErrorCode } from "../app-error.ts";
import { mailingPolicyFor } from "../consent/mailing-consent.ts";
import { type EmailQueue, enqueueEmail } from "../email/email-queue.server.ts";
import { soldProduct } from "../product.ts";
import { createRandomToken } from "../random-token.ts";
import { allowAttempt, throttleKey } from "../request-throttle.server.ts";
import { hasAccess } from "../subscriptions/subscription-state.ts";
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
      const [user] = await tx
        .insert(users)
        .values({ ...lead, emailConfirmedAt: confirmedNow, marketingContactId: createRandomToken() })
        .onConflictDoUpdate({
          target: users.token,
          set: {
            ...lead,
            // A confirmation stays; a changed email needs a new one.
            emailConfirmedAt: sql`case when ${users.email} = ${input.email} then coalesce(${users.emailConfirmedAt}, ${confirmedNow}) else ${confirmedNow} end`,
            updatedAt: new Date(),
          },
          setWhere: sql`${users.erasedAt} is null and not ${users.isManualAccess} and not exists (select 1 from ${entitlements} where ${entitlements.userId} = ${users.id})`,
        })
        // xmax is 0 only on a row this statement inserted: a new account, not an update.
        .returning({ id: users.id, created: sql<boolean>`(xmax = 0)` });
      if (!user) {
        throw new AppError(
          AppErrorCode.Conflict,
          "user_token",
          "This parent has already bought; their details change on the profile",
          "validation.messages.alreadyBought",
        );
      }

      await tx.delete(quizAnswers).where(eq(quizAnswers.userId, user.id));
      if (input.questions.length > 0) {
        await tx
          .insert(quizAnswers)
          .values(
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
      await tx
        .insert(attributions)
        .values({ userId: user.id, ...attribution })
        .onConflictDoUpdate({ target: attributions.userId, set: { ...attribution, updatedAt: new Date() } });

      const [message] = await tx
        .insert(emailMessages)
        .values({ userId: user.id, kind: "welcome", recipient: input.email })
        .onConflictDoNothing()
        .returning({ id: emailMessages.id });
      return { userId: user.id, created: user.created, queuedId: message?.id };
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
  db: Database,
  input: { email: string; user_token?: string | undefined },
): Promise<boolean> {
  const [owner] = await db
    .select({ token: users.token })
    .from(users)
    .where(and(eq(users.product, soldProduct), eq(users.email, input.email)))
    .limit(1);
  return !owner || owner.token === input.user_token;
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
  db: Database,
  input: { email: string; user_token?: string | undefined },
  clientAddress: string,
  now: Date,
): Promise<boolean> {
  if (!(await allowAttempt(db, [emailRevealRule(clientAddress)], now))) return true;
  return checkEmailUnique(db, input);
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
  if (!(await allowAttempt(deps.db, [emailRevealRule(clientAddress)], now))) {
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
  db: Database,
  input: { token: string; esputnikContactId?: string | undefined; utm_source?: string | undefined },
): Promise<OnboardingStatus> {
  const viaContact = input.esputnikContactId && input.utm_source === marketingEmailSource;
  const [user] = await db
    .select({
      id: users.id,
      token: users.token,
      email: users.email,
      isManualAccess: users.isManualAccess,
    })
    .from(users)
    .where(
      viaContact
        ? and(eq(users.product, soldProduct), eq(users.marketingContactId, input.esputnikContactId as string))
        : and(eq(users.product, soldProduct), eq(users.token, input.token)),
    )
    .limit(1);
  const [subscription] = user
    ? await db
        .select({ status: subscriptions.status, currentPeriodEnd: subscriptions.currentPeriodEnd })
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, user.id), eq(subscriptions.product, soldProduct)))
    : [];
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
  db: Database,
  input: {
    email: string;
    token: string;
    time_zone?: string | undefined;
    isForbiddenToMailing: boolean;
  },
): Promise<{ email: string; confirmed: boolean; isForbiddenToMailing: boolean }> {
  const [user] = await db
    .update(users)
    .set({
      emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`,
      isForbiddenToMailing: input.isForbiddenToMailing,
      ...(input.time_zone ? { timeZone: input.time_zone } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(users.token, input.token), eq(users.email, input.email), eq(users.product, soldProduct)))
    .returning({ email: users.email, isForbiddenToMailing: users.isForbiddenToMailing });
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
