import english from "@kinderready/i18n/catalogues/en.json" with { type: "json" };
import type { z } from "zod";
import { type Rule, type RuleFailure, validateValue } from "./rules.ts";

const templates = english.validation as unknown as Record<string, string>;

/** The English text of a failed rule, for API errors; the browser translates the same failure. */
export function describeFailure(failure: RuleFailure, field: string): string {
  const template = templates[failure.rule] ?? templates.default ?? "";
  const values: Record<string, string | number> = { field, ...failure.params };
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ""));
}

/** A zod schema for one field that applies the shared rules, so the API and the forms agree. */
export function ruleSchema<T extends z.ZodType>(base: T, field: string, fieldRules: readonly Rule[]) {
  return base.superRefine((value, context) => {
    const failure = validateValue(value, fieldRules);
    if (failure) context.addIssue({ code: "custom", message: describeFailure(failure, field) });
  });
}
