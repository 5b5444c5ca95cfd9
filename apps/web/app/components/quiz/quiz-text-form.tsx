import { type InputHTMLAttributes, useState } from "react";
import { useTranslation } from "../../i18n/translation-context.tsx";
import { Field } from "./field.tsx";
import { type FieldRules, useValidatedField } from "./use-validated-field.ts";

/** A quiz page with one text field (the child's name, the age) and Continue. */
export function QuizTextForm({
  id,
  field,
  initial,
  input,
  onDone,
}: {
  id: "kid-name" | "kid-age";
  field: FieldRules;
  initial: string;
  input: InputHTMLAttributes<HTMLInputElement>;
  onDone: (value: string) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const validated = useValidatedField({ value, ...field });
  return (
    <form
      className="quiz__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (validated.check()) onDone(value.trim());
      }}
    >
      <Field
        id={id}
        label={t(`quiz.pages.${id}.label`)}
        error={validated.error}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onBlur={validated.onBlur}
        autoComplete="off"
        enterKeyHint="next"
        {...input}
      />
      <button type="submit" className="button button--wide">
        {t("quiz.continue")}
      </button>
    </form>
  );
}
