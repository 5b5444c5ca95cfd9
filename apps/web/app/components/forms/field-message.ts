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
 * What is wrong with a field's value, in words, or undefined: a missing value gets the field's
 * own message, other failures the rule's message with the field's label. The page's scripts and
 * the server (for a form posted without them) say the same.
 */
export function fieldMessage(t: Translate, value: string, field: FieldRules): string | undefined {
  const failure = validateValue(value, field.rules);
  if (!failure) return undefined;
  if (failure.rule === "required") return t(`validation.messages.${field.message}`);
  return t(`validation.${failure.rule}`, { ...failure.params, field: t(`validation.fields.${field.label}`) });
}
