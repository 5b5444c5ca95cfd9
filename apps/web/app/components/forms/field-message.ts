import { type Rule, validateValue } from "@kinderready/domain/validation/rules";
import type { KeysUnder } from "@kinderready/i18n/message-keys";
import type { Translate } from "@kinderready/i18n/translator";

/** A field's rules, with the catalogue names of its label and of its missing-value message. */
export type FieldRules = {
  rules: readonly Rule[];
  label: KeysUnder<"validation.fields">;
  message: KeysUnder<"validation.messages">;
};

/**
 * What is wrong with a field's value, in words, or undefined: the field's own message, said as a
 * person would ("Please enter your child's age: a number from 1 to 18"), or its variant for the
 * failed rule where the catalogue has one (`contactMessage_max`, picked by `context`). The
 * page's scripts and the server (for a form posted without them) say the same.
 */
export function fieldMessage(t: Translate, value: string, field: FieldRules): string | undefined {
  const failure = validateValue(value, field.rules);
  if (!failure) return undefined;
  return t(`validation.messages.${field.message}`, { ...failure.params, context: failure.rule });
}
