import { cancelReasons } from "@kinderready/domain/payments/cancel-reasons";
import { cancelCommentMaxLength } from "@kinderready/domain/profile/profile-rules";
import type { ProfileView } from "@kinderready/domain/profile/profile-schema";
import { type Locale, localizePath } from "@kinderready/i18n/locales";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useActionData, useFetcher, useSearchParams } from "react-router";
import { track } from "../../analytics/analytics.ts";
import { useTranslation } from "../../i18n/translation-context.tsx";
import { formatDate } from "../../profile/profile-format.ts";
import type { ProfileActionResult } from "../../profile/profile-route.server.ts";
import { useStoresHydrated } from "../../stores/create-persisted-store.ts";
import { TextAreaField } from "../quiz/field.tsx";

type Step = "confirm" | "reason" | "done";

/**
 * The cancel flow: confirmation, then the reason (Other opens a text box; no
 * choice shows "Please, choose the Reason to continue"), then success with "Back to printables".
 * Each step moves focus to its heading, so screen readers hear where they are.
 */
export function CancelFlow({ profile, locale }: { profile: ProfileView; locale: Locale }) {
  const { t, ifKnown } = useTranslation();
  const fetcher = useFetcher<ProfileActionResult>();
  // Posted before the scripts loaded, the form was a plain one: its answer is the page's.
  const posted = useActionData<ProfileActionResult>();
  const result = fetcher.data ?? posted;
  const [params] = useSearchParams();
  const cancelled = result?.intent === "cancel" && result.ok ? result.subscription : undefined;
  // The reason step has its own address, so it works as a plain link and with the back button.
  const step: Step = params.get("step") === "reason" || result ? "reason" : "confirm";
  const current: Step = cancelled ? "done" : step;
  // Each step's heading is a new element: once the parent has moved on, it takes focus as it mounts.
  const moved = useRef(false);
  const heading = useCallback((node: HTMLHeadingElement | null) => {
    if (node && moved.current) node.focus();
  }, []);

  const cancelledNow = Boolean(cancelled);
  useEffect(() => {
    if (cancelledNow) track("subscription_cancelled");
  }, [cancelledNow]);

  const hydrated = useStoresHydrated((state) => state.hydrated);
  const [reason, setReason] = useState<string>();
  const [missingReason, setMissingReason] = useState(false);
  const subscription = profile.subscription;
  const until = (cancelled ?? subscription)?.expired_at;
  const date = until ? formatDate(until, locale) : "";
  const printables = localizePath("/printables/", locale);

  if (current === "done") {
    return (
      <section key="done" className="page profile" aria-labelledby="page-title">
        <h1 id="page-title" ref={heading} tabIndex={-1}>
          {t("profile.cancel.successHeading")}
        </h1>
        <p role="status">{t("profile.cancel.successText", { date })}</p>
        <Link className="button button--wide" to={printables}>
          {t("profile.cancel.backToPrintables")}
        </Link>
      </section>
    );
  }

  if (!subscription?.canCancel) {
    return (
      <section className="page profile" aria-labelledby="page-title">
        <h1 id="page-title">{t("pages.cancelSubscription.heading")}</h1>
        <p>{t("profile.cancel.notCancellable")}</p>
        <Link to={localizePath("/profile/subscription/", locale)}>{t("profile.cancel.toSubscription")}</Link>
      </section>
    );
  }

  if (current === "confirm") {
    return (
      <section key="confirm" className="page profile" aria-labelledby="page-title">
        <h1 id="page-title" ref={heading} tabIndex={-1}>
          {t("profile.cancel.confirmHeading")}
        </h1>
        <p>{t("profile.cancel.confirmText", { date })}</p>
        <div className="profile__actions">
          <Link
            className="button button--danger"
            to="?step=reason"
            preventScrollReset
            onClick={() => {
              moved.current = true;
            }}
          >
            {t("profile.cancel.confirm")}
          </Link>
          <Link className="button button--quiet" to={localizePath("/profile/subscription/", locale)}>
            {t("profile.cancel.keep")}
          </Link>
        </div>
      </section>
    );
  }

  const serverError = result && !result.ok ? (ifKnown(result.errorKey) ?? t("errors.generic")) : undefined;
  const reasonError = missingReason ? t("validation.messages.chooseReason") : undefined;
  return (
    <section key="reason" className="page profile" aria-labelledby="page-title">
      <h1 id="page-title" ref={heading} tabIndex={-1}>
        {t("profile.cancel.reasonHeading")}
      </h1>
      <fetcher.Form
        method="post"
        className="profile__form"
        noValidate
        onSubmit={(event) => {
          if (!reason) {
            event.preventDefault();
            setMissingReason(true);
          }
          moved.current = true;
        }}
      >
        <input type="hidden" name="intent" value="cancel" />
        <fieldset
          className="profile__reasons"
          aria-describedby={reasonError ? "cancel-reason-error" : undefined}
          aria-invalid={reasonError ? true : undefined}
        >
          <legend>{t("profile.cancel.reasonIntro")}</legend>
          {cancelReasons.map((value) => (
            <label key={value} className="answer answer--check">
              <input
                type="radio"
                name="reason"
                value={value}
                checked={reason === value}
                onChange={() => {
                  setReason(value);
                  setMissingReason(false);
                }}
              />
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
            disabled={hydrated && reason !== "other"}
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
