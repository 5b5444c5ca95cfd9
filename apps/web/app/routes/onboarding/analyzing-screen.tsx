import { useId } from "react";
import { AnalysisMeter } from "./analysis-meter.tsx";
import { LeadEmailForm, type LeadEmailFormProps } from "./lead-email-form.tsx";

export type LeadActionResult =
  | { intent: "check-email"; isEmailUnique: boolean }
  | { intent: "submit"; error: { field: string; message?: string; messageKey?: string } };

/**
 * The last quiz page: the analysis animation runs while the parent gives an email. The email
 * is checked when the field is left, and again by the server on submit.
 */
export function AnalyzingScreen({ kidName, ...form }: LeadEmailFormProps) {
  // Asked here, where the server rendered it, so the status line keeps the id it was given.
  const statusId = useId();
  return (
    <div className="analyzing">
      <AnalysisMeter kidName={kidName} statusId={statusId} />
      <LeadEmailForm kidName={kidName} {...form} />
    </div>
  );
}
