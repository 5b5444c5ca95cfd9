import { fieldRules } from "../onboarding/field-rules.ts";
import { rules } from "../validation/rules.ts";

// The profile forms' field rules, for the page actions and the browser's own checks alike;
// free of zod so the browser does not download the schema library.

export const cancelCommentMaxLength = 500;

/** A parent's session lasts this long from sign-in (not extended by use). */
export const parentSessionDays = 180;

/** The contact form's fields (labels Name, Email, Message) and their rules, for both sides. */
export const contactFieldRules = {
  name: { label: "name", message: "contactName", rules: [rules.required(), rules.max(80)] },
  email: fieldRules.email,
  message: { label: "message", message: "contactMessage", rules: [rules.required(), rules.min(10), rules.max(2000)] },
} as const;
