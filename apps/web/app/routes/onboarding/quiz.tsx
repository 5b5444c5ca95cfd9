import type { FlowType } from "@kinderready/domain/flows";
import { type Locale, localizePath } from "@kinderready/i18n/locales";
import { Picture } from "../../components/picture.tsx";
import { useTranslation } from "../../i18n/translation-context.tsx";
import { AnalyzingScreen } from "./analyzing-screen.tsx";
import { QuizBar } from "./quiz-bar.tsx";
import { KidAgeStep, KidNameStep } from "./quiz-kid-steps.tsx";
import { AnswerButtons, MultiChoice } from "./quiz-options.tsx";
import type { OnboardingState } from "./quiz-progress.ts";
import { type QuizFlowPage, useQuiz } from "./use-quiz.ts";

/** The server's answer to a quiz form posted before the scripts ran: the page and what was wrong. */
export type QuizFormRefusal = { page: string; message: string; value?: string | undefined };

/**
 * The quiz: one page of the flow at a time, in the browser once its scripts run (no round trip
 * between questions), as plain forms the server answers until then. The first paint is the page
 * the parent is on; focus moves to each new question and progress is announced. Each kind of
 * page is a component in a slot of its own: React derives generated ids (the analysing status
 * line's) from the position among these siblings, so the slots keep their number and order.
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
  const quiz = useQuiz({ flowType, saved, refusal });
  const { page, progress, state, refused } = quiz;

  return (
    <section
      className="quiz"
      aria-labelledby="quiz-question"
      data-flow={flowType}
      data-step={page.id}
      data-ready={quiz.hydrated ? "" : undefined}
    >
      <QuizBar page={page.id} canGoBack={quiz.canGoBack} progress={progress} onBack={quiz.back} />
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {progress ? t("quiz.progress", progress) : ""}
      </p>
      <h1 id="quiz-question" className="quiz__title" tabIndex={-1} ref={quiz.headingRef}>
        {quiz.title}
      </h1>
      {/* The email page has no body text: the analysing screen below says what it asks for. */}
      {page.type !== "email" && <QuestionText page={page} />}

      {(page.type === "common" || page.type === "choice") && (
        <AnswerButtons
          key={page.id}
          page={page.id}
          layout={page.type === "common" ? "pair" : "list"}
          options={page.options}
          chosen={quiz.previousAnswer as string | undefined}
          onAnswer={quiz.answer}
        />
      )}
      {page.type === "multi-choice" && (
        <MultiChoice
          key={page.id}
          page={page.id}
          refused={refused !== undefined}
          legend={quiz.title}
          options={page.options}
          chosen={Array.isArray(quiz.previousAnswer) ? quiz.previousAnswer : []}
          onContinue={quiz.answer}
        />
      )}
      {page.type === "form" && page.field === "kid-name" && (
        <KidNameStep key={page.id} kid={state.kid} refused={refused} onDone={quiz.giveName} />
      )}
      {page.type === "form" && page.field === "kid-age" && (
        <KidAgeStep key={page.id} kid={state.kid} refused={refused} onDone={quiz.giveAge} />
      )}
      {page.type === "email" && (
        <AnalyzingScreen
          kidName={state.kid.name}
          consentDefault={consentDefault}
          privacyHref={localizePath("/terms/privacy-policy/", locale)}
          onSubmit={quiz.submit}
          submitting={quiz.lead.state !== "idle"}
          submitResult={quiz.lead.data}
          refused={refused}
        />
      )}
    </section>
  );
}

/** What the question is about, pictured beside it where the page has a picture. */
function QuestionText({ page }: { page: Exclude<QuizFlowPage, { type: "email" }> }) {
  const { t } = useTranslation();
  return (
    <p className={"picture" in page ? "quiz__text quiz__text--pictured" : "quiz__text"}>
      {"picture" in page && <Picture id={page.picture} size={48} />}
      <span>{t(`quiz.pages.${page.id}.text`)}</span>
    </p>
  );
}
