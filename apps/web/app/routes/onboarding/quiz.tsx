import type { FlowType } from "@kinderready/domain/flows";
import { fieldRules } from "@kinderready/domain/onboarding/field-rules";
import { canGoBack, clampIndex, progressOf } from "@kinderready/domain/onboarding/quiz-engine";
import { quizFlow } from "@kinderready/domain/onboarding/quiz-flow";
import { type Locale, localizePath } from "@kinderready/i18n/locales";
import { useEffect, useRef } from "react";
import { type SubmitTarget, useFetcher } from "react-router";
import { track } from "../../analytics/analytics.ts";
import { Picture } from "../../components/picture.tsx";
import { useTranslation } from "../../i18n/translation-context.tsx";
import { useAnalyticsStore } from "../../stores/analytics-store.ts";
import { useStoresHydrated } from "../../stores/create-persisted-store.ts";
import { useOnboardingStore } from "../../stores/onboarding-store.ts";
import { useTrackingStore } from "../../stores/tracking-store.ts";
import { AnalyzingScreen, type LeadActionResult } from "./analyzing-screen.tsx";
import { QuizForm } from "./quiz-form.tsx";
import { AnswerButtons, MultiChoice } from "./quiz-options.tsx";
import { backFrom, type OnboardingState, withAnswer, withKid } from "./quiz-progress.ts";
import { QuizTextForm } from "./quiz-text-form.tsx";

// The flow as declared, so each page's id (and the keys built from it) stays a literal type.
const flow = quizFlow;

/** The server's answer to a quiz form posted before the scripts ran: the page and what was wrong. */
export type QuizFormRefusal = { page: string; message: string; value?: string | undefined };

/**
 * The quiz: one page of the flow at a time, in the browser once its scripts run (no round trip
 * between questions), as plain forms the server answers until then. The position and the
 * answers live in the persisted onboarding store, whose cookie the server reads (`saved`), so
 * the first paint is the page the parent is on; focus moves to each new question and progress
 * is announced.
 */
export function Quiz({
  flowType,
  locale,
  consentDefault,
  saved,
  refusal,
}: {
  flowType: FlowType;
  locale: Locale;
  consentDefault: boolean;
  saved?: OnboardingState | undefined;
  refusal?: QuizFormRefusal | undefined;
}) {
  const { t } = useTranslation();
  const hydrated = useStoresHydrated((state) => state.hydrated);
  const stored = useOnboardingStore();
  // Until the store has read its cookie, the page is what the server read from it.
  const state = hydrated || !saved ? stored : saved;
  // The store takes what the server read when it could not (saved state switched off, as in
  // development), so the page does not go back to the first question once it hydrates.
  useEffect(() => {
    if (hydrated && saved) useOnboardingStore.setState(saved);
  }, [hydrated, saved]);
  const index = clampIndex(flow, state.step);
  const page = flow[index] as (typeof flow)[number];
  const progress = progressOf(flow, index);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownIndex = useRef(index);
  const lead = useFetcher<LeadActionResult>();

  // Focus follows the question when the parent moves, not on the first render or on resume.
  useEffect(() => {
    if (shownIndex.current === index) return;
    shownIndex.current = index;
    if (hydrated) headingRef.current?.focus();
  }, [index, hydrated]);

  useEffect(() => {
    if (!hydrated) return;
    track(page.id === "analyzing" ? "quiz_completed" : "quiz_step_viewed", { flow: flowType, step: page.id });
  }, [hydrated, page.id, flowType]);
  const submitError = lead.data?.intent === "submit" ? lead.data.error.field : undefined;
  useEffect(() => {
    if (submitError) track("email_failed", { field: submitError });
  }, [submitError]);

  const answer = (value: string | string[]) => {
    // Option values only: the child's name and the email never reach analytics.
    track("quiz_step_answered", { step: page.id, answer: Array.isArray(value) ? value.join(",") : value });
    useOnboardingStore.setState(withAnswer(state, page.id, value));
  };
  const refused = refusal?.page === page.id ? refusal : undefined;
  const previousAnswer = state.questions.find((question) => question.id === page.id)?.answer;
  const kidName = state.kid.name;
  // The pages after the name use it; without one they have a wording of their own.
  const title =
    page.id !== "kid-age" && page.id !== "analyzing"
      ? t(`quiz.pages.${page.id}.title`)
      : kidName
        ? t(`quiz.pages.${page.id}.title`, { name: kidName })
        : t(`quiz.pages.${page.id}.titleNoName`);

  const submit = ({ email, mailingConsent }: { email: string; mailingConsent: boolean }) => {
    const { userId } = useAnalyticsStore.getState();
    const { tracking } = useTrackingStore.getState();
    const years = state.kid.years;
    // JSON drops the fields that are not set (the landing may carry no click ids).
    const payload = JSON.parse(
      JSON.stringify({
        intent: "submit",
        search: window.location.search,
        lead: {
          kid: { name: kidName, years: years ?? { text: "", value: 0 } },
          email,
          questions: state.questions,
          ...(state.topics.length > 0 && { topics: state.topics }),
          isForbiddenToMailing: !mailingConsent,
          // The device's own lead, answering again; a new one gets its token from the server.
          ...(userId && { user_token: userId }),
          time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
          tracking: tracking ?? { utmLabels: {}, googleAnalytics: {}, fbAnalytics: {}, organic: true },
        },
      }),
    ) as SubmitTarget;
    track("email_submitted", { flow: flowType, mailing_consent: mailingConsent });
    void lead.submit(payload, { method: "post", encType: "application/json" });
  };

  return (
    <section
      className="quiz"
      aria-labelledby="quiz-question"
      data-flow={flowType}
      data-step={page.id}
      data-ready={hydrated ? "" : undefined}
    >
      <div className="quiz__bar">
        {canGoBack(flow, index) && (
          <QuizForm intent="back" page={page.id} className="quiz__back-form">
            <button
              type="submit"
              className="quiz__back"
              onClick={(event) => {
                event.preventDefault();
                useOnboardingStore.setState(backFrom(state, page.id));
              }}
            >
              <span aria-hidden="true" className="quiz__back-arrow">
                ←
              </span>
              {t("quiz.back")}
            </button>
          </QuizForm>
        )}
        {progress && (
          <progress
            className="quiz__progress"
            max={progress.total}
            value={progress.current}
            aria-label={t("quiz.progress", progress)}
          />
        )}
      </div>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {progress ? t("quiz.progress", progress) : ""}
      </p>
      <h1 id="quiz-question" className="quiz__title" tabIndex={-1} ref={headingRef}>
        {title}
      </h1>
      {/* The email page has no body text: the analysing screen below says what it asks for. */}
      {page.type !== "email" && (
        <p className={"picture" in page ? "quiz__text quiz__text--pictured" : "quiz__text"}>
          {"picture" in page && <Picture id={page.picture} size={48} />}
          <span>{t(`quiz.pages.${page.id}.text`)}</span>
        </p>
      )}

      {(page.type === "common" || page.type === "choice") && (
        <AnswerButtons
          key={page.id}
          page={page.id}
          layout={page.type === "common" ? "pair" : "list"}
          options={page.options}
          chosen={previousAnswer as string | undefined}
          onAnswer={answer}
        />
      )}
      {page.type === "multi-choice" && (
        <MultiChoice
          key={page.id}
          page={page.id}
          refused={refused !== undefined}
          legend={title}
          options={page.options}
          chosen={Array.isArray(previousAnswer) ? previousAnswer : []}
          onContinue={answer}
        />
      )}
      {page.type === "form" && page.field === "kid-name" && (
        <QuizTextForm
          key={page.id}
          id="kid-name"
          field={fieldRules.kidName}
          initial={refused?.value ?? kidName}
          input={{ autoCapitalize: "words", placeholder: t("quiz.pages.kid-name.placeholder") }}
          refused={refused?.message}
          onDone={(name) => {
            track("quiz_step_answered", { step: page.id });
            useOnboardingStore.setState(withKid(state, page.id, { name }));
          }}
        />
      )}
      {page.type === "form" && page.field === "kid-age" && (
        <QuizTextForm
          key={page.id}
          id="kid-age"
          field={fieldRules.kidAge}
          initial={refused?.value ?? (state.kid.years === undefined ? "" : String(state.kid.years.value))}
          input={{ inputMode: "numeric", maxLength: 3 }}
          refused={refused?.message}
          onDone={(text) => {
            const value = Number(text);
            track("quiz_step_answered", { step: page.id });
            useOnboardingStore.setState(
              withKid(state, page.id, { years: { value, text: t("quiz.pages.kid-age.years", { count: value }) } }),
            );
          }}
        />
      )}
      {page.type === "email" && (
        <AnalyzingScreen
          kidName={kidName}
          consentDefault={consentDefault}
          privacyHref={localizePath("/terms/privacy-policy/", locale)}
          onSubmit={submit}
          submitting={lead.state !== "idle"}
          submitResult={lead.data}
          refused={refused}
        />
      )}
    </section>
  );
}
