import { quizFlow } from "@kinderready/domain/onboarding/quiz-flow";
import { localeFromPath } from "@kinderready/i18n/locales";
import { serverI18n } from "@kinderready/i18n/server-i18n.server";
import { data, redirect } from "react-router";
import { requestContext } from "#load-context";
import { recordFunnelSighting } from "../../analytics/funnel-sighting.server.ts";
import { secureCookiesFor } from "../../cookies.ts";
import type { Route } from "./+types/onboarding";
import { quizAfterForm } from "./quiz-form-answer.server.ts";
import { storeFormLead } from "./quiz-form-lead.server.ts";
import { funnelStepOf } from "./quiz-funnel.ts";
import { quizProgressCookie, savedQuizProgress } from "./quiz-progress.server.ts";
import { initialOnboardingState } from "./quiz-progress.ts";

/**
 * A quiz page's form posted without the page's scripts: the answer (or Back) moves the saved
 * quiz on, and the parent is sent to the quiz's address again, which shows the next page; the
 * email page stores the lead as the scripts would. The form names the page it was shown on, and
 * the answer is that page's.
 */
export async function handleQuizForm(args: Route.ActionArgs) {
  const { request, url, context } = args;
  const visit = context.get(requestContext);
  const translator = serverI18n(localeFromPath(url.pathname));
  const posted = postedPage(await request.formData().catch(() => undefined));
  if ("unknown" in posted) {
    return data({ intent: "quiz-form" as const, refusal: undefined, field: posted.unknown }, { status: 400 });
  }
  const { form, page, intent } = posted;
  const refuse = (message: string, value?: string) =>
    data({ intent: "quiz-form" as const, refusal: { page: page.id, message, value } }, { status: 400 });
  const saved = savedQuizProgress(request.headers.get("cookie")) ?? initialOnboardingState();
  if (intent === "lead") return storeFormLead(args, { page: page.id, form, saved, translator, refuse });

  const moved = quizAfterForm({ page, intent, form }, saved, translator.t);
  if ("refused" in moved) return refuse(moved.refused.message, moved.refused.value);
  await recordFunnelSighting(visit, request, { steps: [funnelStepOf(moved.next.step)] });
  throw redirect(`${url.pathname}${url.search}`, {
    status: 303,
    headers: { "set-cookie": quizProgressCookie(moved.next, secureCookiesFor(visit.config.appUrl)) },
  });
}

const formIntents = ["answer", "back", "lead"] as const;
const isFormIntent = (value: unknown): value is (typeof formIntents)[number] =>
  formIntents.some((intent) => intent === value);

/** The page a form names and what it asks of it, or which of the three is missing or unknown. */
function postedPage(form: FormData | undefined) {
  const intent = form?.get("intent");
  const page = quizFlow.find((candidate) => candidate.id === form?.get("page"));
  if (!form) return { unknown: "body" as const };
  if (!page) return { unknown: "page" as const };
  if (!isFormIntent(intent)) return { unknown: "intent" as const };
  return { form, page, intent };
}
