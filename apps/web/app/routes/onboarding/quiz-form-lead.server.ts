import { fieldRules } from "@kinderready/domain/onboarding/field-rules";
import { userTokenSchema } from "@kinderready/domain/parents/parent-token";
import type { Translator } from "@kinderready/i18n/translator";
import { requestContext } from "#load-context";
import { failedAction } from "../../action-failure.server.ts";
import { fieldMessage } from "../../components/forms/field-message.ts";
import { formText } from "../../post-body.server.ts";
import { trackingFromLanding } from "../../tracking/capture-tracking.ts";
import type { Route } from "./+types/onboarding";
import type { OnboardingState } from "./quiz-progress.ts";
import { storeLead } from "./store-lead.server.ts";

/**
 * The email page's form posted without the page's scripts: the lead is stored from the saved
 * quiz as the scripts would store it (the parent is sent on to the offer, a thrown redirect);
 * otherwise the page is refused with the email the parent typed.
 */
export async function storeFormLead<Refusal>(
  args: Route.ActionArgs,
  {
    page,
    form,
    saved,
    translator,
    refuse,
  }: {
    page: string;
    form: FormData;
    saved: OnboardingState;
    translator: Translator;
    refuse: (message: string, value?: string) => Refusal;
  },
) {
  const { request, url, context } = args;
  const { t } = translator;
  const ifKnown = translator.ifKnown();
  const email = formText(form, "email").trim();
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
    errors: context.get(requestContext).errors,
    msg: "onboarding form submit failed",
    fallbackKey: "quiz.pages.analyzing.failed",
    answer: (messageKey) => ({
      intent: "quiz-form" as const,
      refusal: { page, message: ifKnown(messageKey) ?? t("quiz.pages.analyzing.failed"), value: email },
    }),
  });
}
