import { mailingPolicyFor } from "@kinderready/domain/consent/mailing-consent";
import { recordAdConsent } from "@kinderready/domain/consent/record-ad-consent.server";
import { flowOfQuizPage, flows } from "@kinderready/domain/flows";
import { fieldRules } from "@kinderready/domain/onboarding/field-rules";
import {
  checkEmailForVisitor,
  getOnboardingStatus,
  submitOnboardingForVisitor,
} from "@kinderready/domain/onboarding/onboarding.server";
import { checkEmailBody, normalizeEmail, onboardingBody } from "@kinderready/domain/onboarding/onboarding-schema";
import { purchaseRedirect } from "@kinderready/domain/onboarding/purchase-redirect";
import { quizFlow } from "@kinderready/domain/onboarding/quiz-flow";
import { findParent } from "@kinderready/domain/parents/find-parent.server";
import { userTokenSchema } from "@kinderready/domain/parents/parent-token";
import { createRandomToken } from "@kinderready/domain/random-token";
import { localeFromPath, localizePath, splitLocalePath } from "@kinderready/i18n/locales";
import { serverI18n } from "@kinderready/i18n/server-i18n.server";
import { data, redirect } from "react-router";
import { z } from "zod";
import { requestContext } from "#load-context";
import { failedAction } from "../../action-failure.server.ts";
import { recordFunnelSighting } from "../../analytics/funnel-sighting.server.ts";
import { fieldMessage } from "../../components/forms/field-message.ts";
import { readAdConsent } from "../../consent/ad-consent-cookie.ts";
import { secureCookiesFor } from "../../cookies.ts";
import { pageForPath } from "../../pages.ts";
import { formText } from "../../post-body.server.ts";
import { sessionParent, signInCookie } from "../../session/parent-session.server.ts";
import { trackingFromLanding } from "../../tracking/capture-tracking.ts";
import type { Route } from "./+types/onboarding";
import { quizProgressCookie, savedQuizProgress } from "./quiz-progress.server.ts";
import { backFrom, initialOnboardingState, type OnboardingState, withAnswer, withKid } from "./quiz-progress.ts";

// Server side of the quiz page: the visitor's status on load, and the two posts.

function flowOf(url: URL) {
  return flowOfQuizPage(pageForPath(splitLocalePath(url.pathname).path).id);
}

export async function loadQuiz({ request, url, context }: Route.LoaderArgs) {
  const visit = context.get(requestContext);
  const { services, geo } = visit;
  const locale = localeFromPath(url.pathname);
  const flowType = flowOf(url);
  const token = userTokenSchema.safeParse(url.searchParams.get("token"));
  let refusedToken: string | null = null;
  if (token.success) {
    const status = await getOnboardingStatus(services.db, {
      token: token.data,
      esputnikContactId: url.searchParams.get("esputnikContactId") ?? undefined,
      utm_source: url.searchParams.get("utm_source") ?? undefined,
    });
    const known = status.esputnikUserData?.userToken;
    // The lead a marketing email points at is this parent's: carry on with its token.
    if (known && known !== token.data) {
      const next = new URL(url);
      next.searchParams.set("token", known);
      throw redirect(`${next.pathname}${next.search}`);
    }
    if (status.purchased || status.isManualAccess) {
      throw redirect(`${localizePath("/printables/", locale)}?token=${encodeURIComponent(token.data)}`);
    }
    // A parent who already finished the quiz continues to the offer rather than starting over.
    if (status.registered) {
      throw redirect(
        purchaseRedirect({ purchasePath: flows[flowType].purchasePath, locale, search: url.search, token: token.data }),
      );
    }
    // A token the server never issued (or whose parent deleted their data) names nobody: the quiz
    // starts afresh, and the browser is told to drop it rather than keep it as the parent's.
    if (!(await findParent(services.db, { token: token.data }))) refusedToken = token.data;
  }
  // The quiz opens on its first question (a parent part-way through passed it already), or
  // where the parent left it.
  const saved = savedQuizProgress(request.headers.get("cookie"));
  await recordFunnelSighting(visit, request, { steps: ["visit", "quiz:ty", funnelStepOf(saved?.step ?? 0)] });
  return {
    flowType,
    locale,
    consentDefault: !mailingPolicyFor(geo.countryCode, geo.region).optIn,
    saved,
    refusedToken,
  };
}

/** The funnel step of a quiz page: its question, or the email page. */
function funnelStepOf(index: number): string {
  const page = quizFlow[index];
  return page?.type === "email" ? "email-page" : `quiz:${page?.id ?? "ty"}`;
}

// The API's bodies name the product; the page's posts need not: the domain stores leads for the one sold.
const emailCheck = checkEmailBody.omit({ product: true });
const quizLead = onboardingBody.omit({ product: true });

const actionBody = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("check-email"), email: z.string(), user_token: z.string().optional() }),
  z.object({ intent: z.literal("submit"), search: z.string().max(4000), lead: z.record(z.string(), z.unknown()) }),
]);

/**
 * The quiz's server calls from its scripts (JSON): is this email free, and store the finished
 * quiz. A form posted without them (before they ran, or with scripts off) is a page's answer.
 */
export async function handleQuizAction(args: Route.ActionArgs) {
  const { request, context } = args;
  if (!request.headers.get("content-type")?.includes("application/json")) return handleQuizForm(args);
  const visit = context.get(requestContext);
  const { errors } = visit;
  const body = actionBody.safeParse(await request.json().catch(() => undefined));
  if (!body.success) return data({ intent: "submit" as const, error: { field: "body" } }, { status: 400 });

  if (body.data.intent === "check-email") {
    const input = emailCheck.safeParse(body.data);
    if (!input.success) return data({ intent: "check-email" as const, isEmailUnique: true }, { status: 400 });
    // "Is it free?" is asked for this device's own lead, never for a token the browser names.
    const own = (await sessionParent(request, visit.services))?.parent.token;
    const isEmailUnique = await checkEmailForVisitor(
      visit.services.db,
      { email: input.data.email, user_token: own },
      visit.clientAddress,
      new Date(),
    );
    return { intent: "check-email" as const, isEmailUnique };
  }

  const notStored = await storeLead(args, body.data.lead, body.data.search);
  if ("invalid" in notStored) return data({ intent: "submit" as const, error: notStored.invalid }, { status: 400 });
  return failedAction(notStored.failed, {
    errors,
    msg: "onboarding submit failed",
    fallbackKey: "quiz.pages.analyzing.failed",
    answer: (messageKey, { field }) => ({ intent: "submit" as const, error: { field: field ?? "body", messageKey } }),
  });
}

/** Why a finished quiz was not stored: a field at fault, or a failure to classify. */
type LeadNotStored = { invalid: { field: string; message: string | undefined } } | { failed: unknown };

/**
 * Stores a finished quiz and sends the parent on to the offer (a redirect, thrown); answers why
 * it was not stored otherwise. The server decides the flow, language, country and the account's
 * token; the browser only the answers. A new account's token is the server's own random one: a
 * token the browser names is taken only from the device signed in as that lead (the same parent
 * answering again), so nobody can choose a token, or plant one in another's browser, and then
 * hold the account made under it.
 */
async function storeLead(
  { request, url, context }: Route.ActionArgs,
  lead: Record<string, unknown>,
  search: string,
): Promise<LeadNotStored> {
  const visit = context.get(requestContext);
  const { services, geo, clientAddress } = visit;
  const locale = localeFromPath(url.pathname);
  const { purchasePath } = flows[flowOf(url)];
  const signedIn = await sessionParent(request, services);
  // The device's own lead is answered again under its token. Its email changes only from a
  // device that proved it is the parent's: an unverified session (a device that only went to
  // pay) asking for another email makes a new lead, so it cannot move the account to an inbox
  // it reads and sign in from there.
  const sameEmail = typeof lead.email === "string" && signedIn?.parent.email === normalizeEmail(lead.email);
  const own =
    signedIn && signedIn.parent.token === lead.user_token && (signedIn.verified || sameEmail)
      ? signedIn.parent.token
      : undefined;
  // The device's first visit is the server's to name (its HttpOnly cookie), not the browser's.
  const tracking = typeof lead.tracking === "object" && lead.tracking !== null ? lead.tracking : {};
  const input = quizLead.safeParse({
    ...lead,
    tracking: { ...tracking, first_visit_id: visit.deviceId },
    user_token: own ?? createRandomToken(),
    purchasePathByFlow: purchasePath,
    locale,
    country_code: geo.countryCode,
    region: geo.region,
  });
  if (!input.success) {
    const issue = input.error.issues[0];
    return { invalid: { field: issue?.path.join(".") ?? "body", message: issue?.message } };
  }
  let submitted: Awaited<ReturnType<typeof submitOnboardingForVisitor>>;
  try {
    submitted = await submitOnboardingForVisitor(services, input.data, clientAddress, new Date());
  } catch (error) {
    return { failed: error };
  }
  // The browser whose post created the account is signed in (a same-site POST, so no other site
  // can sign a visitor into an account of its choosing), unverified: typing an email proves no
  // one owns it, so the session opens the parent's pages but spends nothing until the device
  // pays or uses an emailed link. A post that updated the device's own lead signs nobody in again.
  await recordFunnelSighting(visit, request, { steps: ["email-page", "email"], userId: submitted.userId });
  // The ads choice this device made before the account existed becomes the new parent's.
  const adConsent = readAdConsent(request.headers.get("cookie"));
  if (submitted.created && adConsent) {
    await recordAdConsent(services.db, { userId: submitted.userId, consent: adConsent, now: new Date() });
  }
  const next = purchaseRedirect({ purchasePath, locale, search, token: input.data.user_token });
  if (!submitted.created) throw redirect(next);
  throw redirect(next, { headers: await signInCookie(request, services, submitted.userId, false) });
}

/**
 * A quiz page's form posted without the page's scripts: the answer (or Back) moves the saved
 * quiz on, and the parent is sent to the quiz's address again, which shows the next page; the
 * email page stores the lead as the scripts would. The form names the page it was shown on, and
 * the answer is that page's.
 */
async function handleQuizForm(args: Route.ActionArgs) {
  const { request, url, context } = args;
  const visit = context.get(requestContext);
  const translator = serverI18n(localeFromPath(url.pathname));
  const { t } = translator;
  const ifKnown = translator.ifKnown();
  const form = await request.formData().catch(() => undefined);
  const intent = form?.get("intent");
  const page = quizFlow.find((candidate) => candidate.id === form?.get("page"));
  const unknown = !form
    ? "body"
    : !page
      ? "page"
      : intent !== "answer" && intent !== "back" && intent !== "lead"
        ? "intent"
        : undefined;
  if (unknown || !form || !page) {
    return data({ intent: "quiz-form" as const, refusal: undefined, field: unknown }, { status: 400 });
  }
  const refuse = (message: string, value?: string) =>
    data({ intent: "quiz-form" as const, refusal: { page: page.id, message, value } }, { status: 400 });
  const saved = savedQuizProgress(request.headers.get("cookie")) ?? initialOnboardingState();
  const text = (name: string) => formText(form, name).trim();

  if (intent === "lead") {
    const email = text("email");
    const wrong = fieldMessage(t, email, fieldRules.email);
    if (wrong) return refuse(wrong, email);
    const userToken = userTokenSchema.safeParse(url.searchParams.get("token"));
    const notStored = await storeLead(
      args,
      {
        kid: { name: saved.kid.name, years: saved.kid.years ?? { text: "", value: 0 } },
        email,
        questions: saved.questions,
        ...(saved.topics.length > 0 && { topics: saved.topics }),
        isForbiddenToMailing: form.get("mailing") !== "yes",
        user_token: userToken.success ? userToken.data : undefined,
        tracking: trackingFromLanding({
          search: url.search,
          cookies: request.headers.get("cookie") ?? "",
          now: Date.now(),
        }),
      },
      url.search,
    );
    // An unfinished quiz (its saved answers lost) cannot be stored: the same words as a failure.
    if ("invalid" in notStored) return refuse(t("quiz.pages.analyzing.failed"), email);
    return failedAction(notStored.failed, {
      errors: visit.errors,
      msg: "onboarding form submit failed",
      fallbackKey: "quiz.pages.analyzing.failed",
      answer: (messageKey) => ({
        intent: "quiz-form" as const,
        refusal: { page: page.id, message: ifKnown(messageKey) ?? t("quiz.pages.analyzing.failed"), value: email },
      }),
    });
  }

  let next: OnboardingState;
  if (intent === "back") {
    next = backFrom(saved, page.id);
  } else if (page.type === "common" || page.type === "choice" || page.type === "multi-choice") {
    const values = page.options.map((option) => option.value);
    const chosen = form.getAll("answer").filter((value): value is string => typeof value === "string");
    const single = page.type !== "multi-choice";
    if (chosen.length === 0 || (single && chosen.length > 1) || chosen.some((value) => !values.includes(value))) {
      return refuse(t("validation.messages.makeChoice"));
    }
    next = withAnswer(
      saved,
      page.id,
      single ? (chosen[0] as string) : values.filter((value) => chosen.includes(value)),
    );
  } else if (page.type === "form") {
    const value = text("answer");
    const field = page.field === "kid-name" ? fieldRules.kidName : fieldRules.kidAge;
    const wrong = fieldMessage(t, value, field);
    if (wrong) return refuse(wrong, value);
    const count = Number(value);
    next = withKid(
      saved,
      page.id,
      page.field === "kid-name"
        ? { name: value }
        : { years: { value: count, text: t("quiz.pages.kid-age.years", { count }) } },
    );
  } else {
    return refuse(t("quiz.pages.analyzing.failed"));
  }
  await recordFunnelSighting(visit, request, { steps: [funnelStepOf(next.step)] });
  throw redirect(`${url.pathname}${url.search}`, {
    status: 303,
    headers: { "set-cookie": quizProgressCookie(next, secureCookiesFor(visit.config.appUrl)) },
  });
}
