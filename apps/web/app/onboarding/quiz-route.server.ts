import { mailingPolicyFor } from "@kinderready/domain/consent/mailing-consent";
import { flowOfQuizPage, flows } from "@kinderready/domain/flows";
import {
  checkEmailForVisitor,
  getOnboardingStatus,
  submitOnboardingForVisitor,
} from "@kinderready/domain/onboarding/onboarding.server";
import { checkEmailBody, onboardingBody } from "@kinderready/domain/onboarding/onboarding-schema";
import { purchaseRedirect } from "@kinderready/domain/onboarding/purchase-redirect";
import { userTokenSchema } from "@kinderready/domain/parents/parent-token";
import { localeFromPath, localizePath, splitLocalePath } from "@kinderready/i18n/locales";
import { data, redirect } from "react-router";
import { z } from "zod";
import { requestContext } from "#load-context";
import { failedAction } from "../action-failure.server.ts";
import { recordFunnelSighting } from "../analytics/funnel-sighting.server.ts";
import { pageForPath } from "../pages.ts";
import { signInCookie } from "../profile/parent-session.server.ts";
import type { Route } from "../routes/+types/onboarding";

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
  }
  // The quiz opens on its first question (a parent part-way through passed it already).
  await recordFunnelSighting(visit, request, { steps: ["visit", "quiz:ty"] });
  return { flowType, locale, consentDefault: !mailingPolicyFor(geo.countryCode, geo.region).optIn };
}

// The API's bodies name the product; the page's posts need not: the domain stores leads for the one sold.
const emailCheck = checkEmailBody.omit({ product: true });
const quizLead = onboardingBody.omit({ product: true });

const actionBody = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("check-email"), email: z.string(), user_token: z.string().optional() }),
  z.object({ intent: z.literal("submit"), search: z.string().max(4000), lead: z.record(z.string(), z.unknown()) }),
]);

/** The quiz's two server calls: is this email free, and store the finished quiz. */
export async function handleQuizAction({ request, url, context }: Route.ActionArgs) {
  const visit = context.get(requestContext);
  const { services, geo, clientAddress, errors } = visit;
  const body = actionBody.safeParse(await request.json().catch(() => undefined));
  if (!body.success) return data({ intent: "submit" as const, error: { field: "body" } }, { status: 400 });

  if (body.data.intent === "check-email") {
    const input = emailCheck.safeParse(body.data);
    if (!input.success) return data({ intent: "check-email" as const, isEmailUnique: true }, { status: 400 });
    const isEmailUnique = await checkEmailForVisitor(services.db, input.data, clientAddress, new Date());
    return { intent: "check-email" as const, isEmailUnique };
  }

  const locale = localeFromPath(url.pathname);
  const { purchasePath } = flows[flowOf(url)];
  // The server decides the flow, language and country; the browser only the answers.
  const input = quizLead.safeParse({
    ...body.data.lead,
    purchasePathByFlow: purchasePath,
    locale,
    country_code: geo.countryCode,
    region: geo.region,
  });
  if (!input.success) {
    const issue = input.error.issues[0];
    return data(
      { intent: "submit" as const, error: { field: issue?.path.join(".") ?? "body", message: issue?.message } },
      { status: 400 },
    );
  }
  let submitted: Awaited<ReturnType<typeof submitOnboardingForVisitor>>;
  try {
    submitted = await submitOnboardingForVisitor(services, input.data, clientAddress, new Date());
  } catch (error) {
    return failedAction(error, {
      errors,
      msg: "onboarding submit failed",
      fallbackKey: "quiz.pages.analyzing.failed",
      answer: (messageKey, { field }) => ({ intent: "submit" as const, error: { field: field ?? "body", messageKey } }),
    });
  }
  // The browser whose post created the account is the parent's: it is signed in (a same-site
  // POST, so no other site can sign a visitor into an account of its choosing). A post for a
  // token that already had an account (a retry, or someone else's token) signs nobody in.
  await recordFunnelSighting(visit, request, { steps: ["email-page", "email"], userId: submitted.userId });
  const next = purchaseRedirect({ purchasePath, locale, search: body.data.search, token: input.data.user_token });
  if (!submitted.created) throw redirect(next);
  throw redirect(next, { headers: await signInCookie(request, services, submitted.userId) });
}
