import { mailingPolicyFor } from "@kinderready/domain/consent/mailing-consent";
import { flows } from "@kinderready/domain/flows";
import { getOnboardingStatus, onboardingStatusOf } from "@kinderready/domain/onboarding/onboarding.server";
import { purchaseRedirect } from "@kinderready/domain/onboarding/purchase-redirect";
import { findParent } from "@kinderready/domain/parents/find-parent.server";
import { userTokenSchema } from "@kinderready/domain/parents/parent-token";
import { localeFromPath, localizePath } from "@kinderready/i18n/locales";
import { redirect } from "react-router";
import { requestContext } from "#load-context";
import { recordFunnelSighting } from "../../analytics/funnel-sighting.server.ts";
import type { Route } from "./+types/onboarding";
import { handleQuizForm } from "./quiz-form-action.server.ts";
import { flowOf, funnelStepOf } from "./quiz-funnel.ts";
import { savedQuizProgress } from "./quiz-progress.server.ts";
import { answerQuizScripts } from "./quiz-scripts-action.server.ts";

// Server side of the quiz page: the visitor's status on load, and the two kinds of post.

export async function loadQuiz({ request, url, context }: Route.LoaderArgs) {
  const visit = context.get(requestContext);
  const { services, geo } = visit;
  const locale = localeFromPath(url.pathname);
  const flowType = flowOf(url);
  const token = userTokenSchema.safeParse(url.searchParams.get("token"));
  let refusedToken: string | null = null;
  if (token.success) {
    // The token's parent, read once: it says where to send them and whether the token names
    // anyone. A marketing email's contact id names the lead instead, looked up by its own query.
    const parent = await findParent(services, { token: token.data });
    const esputnikContactId = url.searchParams.get("esputnikContactId") ?? undefined;
    const status = esputnikContactId
      ? await getOnboardingStatus(services, {
          token: token.data,
          esputnikContactId,
          utm_source: url.searchParams.get("utm_source") ?? undefined,
        })
      : await onboardingStatusOf(services, parent);
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
    if (!parent) refusedToken = token.data;
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

/**
 * The quiz's server calls from its scripts (JSON): is this email free, and store the finished
 * quiz. A form posted without them (before they ran, or with scripts off) is a page's answer.
 */
export async function handleQuizAction(args: Route.ActionArgs) {
  if (!args.request.headers.get("content-type")?.includes("application/json")) return handleQuizForm(args);
  return answerQuizScripts(args);
}
