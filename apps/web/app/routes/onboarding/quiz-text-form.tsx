import { type InputHTMLAttributes, useState } from "react";
import { Field } from "../../components/forms/field.tsx";
import type { FieldRules } from "../../components/forms/field-message.ts";
import { useValidatedField } from "../../components/forms/use-validated-field.ts";
import { useTranslation } from "../../i18n/translation-context.tsx";
import { QuizForm } from "./quiz-form.tsx";

/** A quiz page with one text field (the child's name, the age) and Continue. */
export function QuizTextForm({
  id,
  field,
  initial,
  input,
  onDone,
  refused,
}: {
  id: "kid-name" | "kid-age";
  field: FieldRules;
  initial: string;
  input: InputHTMLAttributes<HTMLInputElement>;
  onDone: (value: string) => void;
  /** What the server said of the posted form, in words. */
  refused: string | undefined;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const validated = useValidatedField({ value, ...field, refused });
  return (
    <QuizForm
      intent="answer"
      page={id}
      className="quiz__form"
      onSubmit={(event) => {
        event.preventDefault();
        if (validated.check()) onDone(value.trim());
      }}
    >
      <Field
        id={id}
        name="answer"
        label={t(`quiz.pages.${id}.label`)}
        error={validated.error}
        value={value}
        onChange={(event) => {
          validated.clearServerError();
          setValue(event.target.value);
        }}
        onBlur={validated.onBlur}
        autoComplete="off"
        enterKeyHint="next"
        {...input}
      />
      <button type="submit" className="button button--wide">
        {t("quiz.continue")}
      </button>
    </QuizForm>
  );
}
