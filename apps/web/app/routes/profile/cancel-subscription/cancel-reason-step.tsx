import { cancelReasons } from "@kinderready/domain/payments/cancel-reasons";
import { cancelCommentMaxLength } from "@kinderready/domain/profile/profile-rules";
import type { Ref } from "react";
import { TextAreaField } from "../../../components/forms/field.tsx";
import { useTranslation } from "../../../i18n/translation-context.tsx";
import type { useCancelFlow } from "./use-cancel-flow.ts";

type CancelFlowState = ReturnType<typeof useCancelFlow>;

/**
 * The reason step: one reason (Other opens a text box; no choice shows "Please, choose the
 * Reason to continue"), posted for the offer that fits it.
 */
export function CancelReasonStep({
  fetcher,
  choice,
  hydrated,
  serverError,
  heading,
}: {
  fetcher: CancelFlowState["fetcher"];
  choice: CancelFlowState["reason"];
  hydrated: boolean;
  serverError: string | undefined;
  heading: Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation();
  const reasonError = choice.missing ? t("validation.messages.chooseReason") : undefined;
  return (
    <section className="page profile" aria-labelledby="page-title">
      <h1 id="page-title" ref={heading} tabIndex={-1}>
        {t("profile.cancel.reasonHeading")}
      </h1>
      <fetcher.Form ref={choice.formRef} method="post" className="profile__form" noValidate onSubmit={choice.submit}>
        <input type="hidden" name="intent" value="cancel-reason" />
        <fieldset
          className="profile__reasons"
          aria-describedby={reasonError ? "cancel-reason-error" : undefined}
          aria-invalid={reasonError ? true : undefined}
        >
          <legend>{t("profile.cancel.reasonIntro")}</legend>
          {cancelReasons.map((value) => (
            <label key={value} className="answer answer--check">
              <input type="radio" name="reason" value={value} onChange={() => choice.choose(value)} />
              <span>{t(`profile.cancel.reasons.${value}`)}</span>
            </label>
          ))}
        </fieldset>
        {/* Shown by the style sheet while Other is ticked, so it opens without scripts too; with
            them, it is sent only for Other, as the parent sees it. */}
        <div className="profile__comment">
          <TextAreaField
            id="cancel-comment"
            name="comment"
            label={t("profile.cancel.otherLabel")}
            error={undefined}
            rows={4}
            maxLength={cancelCommentMaxLength}
            disabled={hydrated && choice.reason !== "other"}
          />
        </div>
        {(reasonError ?? serverError) && (
          <p id="cancel-reason-error" className="field__error" role="alert">
            {reasonError ?? serverError}
          </p>
        )}
        <button type="submit" className="button button--wide button--danger" disabled={fetcher.state !== "idle"}>
          {fetcher.state === "idle" ? t("profile.cancel.submit") : t("profile.cancel.submitting")}
        </button>
      </fetcher.Form>
    </section>
  );
}
