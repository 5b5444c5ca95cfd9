import type { QuizOption } from "@kinderready/domain/onboarding/quiz-flow";
import type { TranslateIfKnown } from "@kinderready/i18n/translator";
import { useState } from "react";
import { ControlledInput } from "../../components/forms/field.tsx";
import { Picture } from "../../components/picture.tsx";
import { useTranslation } from "../../i18n/translation-context.tsx";
import { QuizForm } from "./quiz-form.tsx";

/**
 * An answer's text. The flow's labels are plain strings, so each is looked up when it is shown
 * (used-keys.test.ts holds every label to the catalogue); the language-neutral value stands in
 * rather than a raw key.
 */
const labelOf = (ifKnown: TranslateIfKnown) => (option: QuizOption) => ifKnown(option.label) ?? option.value;

/** Common and single-choice pages: each answer is a button that also steps forward. */
export function AnswerButtons({
  page,
  options,
  chosen,
  onAnswer,
  layout,
}: {
  page: string;
  options: readonly QuizOption[];
  chosen: string | undefined;
  onAnswer: (value: string) => void;
  layout: "pair" | "list";
}) {
  const label = labelOf(useTranslation().ifKnown);
  return (
    <QuizForm intent="answer" page={page} className={`answers answers--${layout}`}>
      {options.map((option) => (
        <button
          key={option.value}
          type="submit"
          name="answer"
          value={option.value}
          className="answer"
          aria-pressed={chosen === option.value}
          onClick={(event) => {
            event.preventDefault();
            onAnswer(option.value);
          }}
        >
          {option.picture && <Picture id={option.picture} size={56} className="answer__picture" />}
          <span>{label(option)}</span>
        </button>
      ))}
    </QuizForm>
  );
}

/** The multiple-choice page: tick any number, then continue; nothing ticked asks for a choice. */
export function MultiChoice({
  page,
  options,
  chosen,
  onContinue,
  legend,
  refused,
}: {
  page: string;
  options: readonly QuizOption[];
  chosen: readonly string[];
  onContinue: (values: string[]) => void;
  legend: string;
  /** The server refused the posted form (nothing ticked). */
  refused: boolean;
}) {
  const { t, ifKnown } = useTranslation();
  const label = labelOf(ifKnown);
  const [selected, setSelected] = useState<string[]>([...chosen]);
  const [error, setError] = useState(refused);
  const toggle = (value: string) => {
    setError(false);
    setSelected((current) => (current.includes(value) ? current.filter((v) => v !== value) : [...current, value]));
  };
  return (
    <QuizForm
      intent="answer"
      page={page}
      className="quiz__form"
      onSubmit={(event) => {
        event.preventDefault();
        if (selected.length === 0) setError(true);
        else onContinue(options.map((option) => option.value).filter((value) => selected.includes(value)));
      }}
    >
      <fieldset className="answers answers--list" aria-describedby={error ? "help-error" : "help-hint"}>
        <legend className="visually-hidden">{legend}</legend>
        <p id="help-hint" className="visually-hidden">
          {t("quiz.chooseAll")}
        </p>
        {options.map((option) => (
          <label key={option.value} className="answer answer--check">
            <ControlledInput
              type="checkbox"
              name="answer"
              value={option.value}
              checked={selected.includes(option.value)}
              onChange={() => toggle(option.value)}
            />
            {option.picture && <Picture id={option.picture} size={36} className="answer__picture" />}
            <span>{label(option)}</span>
          </label>
        ))}
      </fieldset>
      {error && (
        <p id="help-error" className="field__error" role="alert">
          {t("validation.messages.makeChoice")}
        </p>
      )}
      <button type="submit" className="button button--wide">
        {t("quiz.continue")}
      </button>
    </QuizForm>
  );
}
