import { rules } from "../validation/rules.ts";

/** The quiz's form fields, their rules and their catalogue labels, shared by forms and API. */
export const kidNameMaxLength = 40;
export const kidAge = { min: 1, max: 18 } as const;

export const fieldRules = {
  kidName: { label: "name", message: "name", rules: [rules.required(), rules.max(kidNameMaxLength)] },
  kidAge: {
    label: "age",
    message: "how-old",
    rules: [rules.required(), rules.numeric(), rules.min_value(kidAge.min), rules.max_value(kidAge.max)],
  },
  email: { label: "email", message: "email", rules: [rules.required(), rules.email()] },
} as const;
