import { useState } from "react";
import { useTranslation } from "../../i18n/translation-context.tsx";
import { type FieldRules, fieldMessage } from "./field-message.ts";

/**
 * One form field checked with the shared rule set. It validates on blur, then on every input
 * once it has been blurred or submitted (so a parent is not told off mid-word). A missing
 * value shows the field's own message; other failures the rule's message with the field label.
 */
export function useValidatedField(
  options: FieldRules & {
    value: string;
    /** The server's answer to a form posted before the scripts ran, shown until the value changes. */
    refused?: string | undefined;
  },
) {
  const { t } = useTranslation();
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | undefined>(options.refused);

  const messageFor = (value: string) => fieldMessage(t, value, options);
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
