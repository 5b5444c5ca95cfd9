import { fieldRules } from "@kinderready/domain/onboarding/field-rules";
import { useTranslation } from "../../i18n/translation-context.tsx";
import type { QuizFormRefusal } from "./quiz.tsx";
import type { OnboardingState } from "./quiz-progress.ts";
import { QuizTextForm } from "./quiz-text-form.tsx";

// The two pages about the child. A refused post shows the text the parent sent, else what the
// saved quiz holds.

/** The child's name. */
export function KidNameStep({
  kid,
  refused,
  onDone,
}: {
  kid: OnboardingState["kid"];
  refused: QuizFormRefusal | undefined;
  onDone: (name: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <QuizTextForm
      id="kid-name"
      field={fieldRules.kidName}
      initial={refused?.value ?? kid.name}
      input={{ autoCapitalize: "words", placeholder: t("quiz.pages.kid-name.placeholder") }}
      refused={refused?.message}
      onDone={onDone}
    />
  );
}

/** The child's age in years. */
export function KidAgeStep({
  kid,
  refused,
  onDone,
}: {
  kid: OnboardingState["kid"];
  refused: QuizFormRefusal | undefined;
  onDone: (years: string) => void;
}) {
  return (
    <QuizTextForm
      id="kid-age"
      field={fieldRules.kidAge}
      initial={refused?.value ?? (kid.years === undefined ? "" : String(kid.years.value))}
      input={{ inputMode: "numeric", maxLength: 3 }}
      refused={refused?.message}
      onDone={onDone}
    />
  );
}
