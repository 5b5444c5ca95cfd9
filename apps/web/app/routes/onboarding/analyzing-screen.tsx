import { useId } from "react";
import { AnalysisMeter } from "./analysis-meter.tsx";
import { LeadEmailForm } from "./lead-email-form.tsx";
import type { LeadInput } from "./quiz-lead.ts";

export type LeadActionResult =
  | { intent: "check-email"; isEmailUnique: boolean }
  | { intent: "submit"; error: { field: string; message?: string; messageKey?: string } };

/**
 * The last quiz page: the analysis animation runs while the parent gives an email. The email
 * is checked when the field is left, and again by the server on submit.
 */
export function AnalyzingScreen({
  kidName,
  ...form
}: {
  kidName: string;
  consentDefault: boolean;
  privacyHref: string;
  onSubmit: (input: LeadInput) => void;
  submitting: boolean;
  submitResult: LeadActionResult | undefined;
  /** The server's answer to the form posted before the scripts ran, and the email it carried. */
  refused: { message: string; value?: string | undefined } | undefined;
}) {
  // Asked here, where the server rendered it, so the status line keeps the id it was given.
  const statusId = useId();
  return (
    <div className="analyzing">
      <AnalysisMeter kidName={kidName} statusId={statusId} />
      <LeadEmailForm kidName={kidName} {...form} />
    </div>
  );
}
