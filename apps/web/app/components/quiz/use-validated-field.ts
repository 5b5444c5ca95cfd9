import { type Rule, validateValue } from "@kinderready/domain/validation/rules";
import type { KeysUnder } from "@kinderready/i18n/message-keys";
import { useState } from "react";
import { useTranslation } from "../../i18n/translation-context.tsx";

/**
 * One form field checked with the shared rule set. It validates on blur, then on every input
 * once it has been blurred or submitted (so a parent is not told off mid-word). A missing
 * value shows the field's own message; other failures the rule's message with the field label.
 */
/** A field's rules, with the catalogue names of its label and of its missing-value message. */
export type FieldRules = {
  rules: readonly Rule[];
  label: KeysUnder<"validation.fields">;
  message: KeysUnder<"validation.messages">;
};

export function useValidatedField(options: FieldRules & { value: string }) {
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
