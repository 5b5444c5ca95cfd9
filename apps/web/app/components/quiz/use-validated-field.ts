import { type Rule, validateValue } from "@kinderready/domain/validation/rules";
import { useState } from "react";
import { useTranslation } from "../../i18n/translation-context.tsx";

/**
 * One form field checked with the shared rule set. It validates on blur, then on every input
 * once it has been blurred or submitted (so a parent is not told off mid-word). A missing
 * value shows the field's own message; other failures the rule's message with the field label.
 */
export function useValidatedField(options: { value: string; rules: readonly Rule[]; label: string; message: string }) {
  const { t } = useTranslation();
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | undefined>();

  const messageFor = (value: string) => {
    const failure = validateValue(value, options.rules);
    if (!failure) return undefined;
    if (failure.rule === "required") return t(`validation.messages.${options.message}`);
    return t(`validation.${failure.rule}`, { ...failure.params, field: t(`validation.fields.${options.label}`) });
  };
  const error = serverError ?? (touched ? messageFor(options.value) : undefined);

  return {
    error,
    /** Marks the field submitted; true when it is valid. */
    check(): boolean {
      setTouched(true);
      return messageFor(options.value) === undefined;
    },
    onBlur: () => setTouched(true),
    clearServerError: () => setServerError(undefined),
    setServerError,
  };
}
