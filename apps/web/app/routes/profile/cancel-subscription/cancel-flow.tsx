import { cancelReasons } from "@kinderready/domain/payments/cancel-reasons";
import { cancelCommentMaxLength } from "@kinderready/domain/profile/profile-rules";
import type { ProfileView } from "@kinderready/domain/profile/profile-schema";
import { type Locale, localizePath } from "@kinderready/i18n/locales";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useActionData, useFetcher, useSearchParams } from "react-router";
import { track } from "../../../analytics/analytics.ts";
import { TextAreaField } from "../../../components/forms/field.tsx";
import { useTranslation } from "../../../i18n/translation-context.tsx";
import { formatDate } from "../../../payments/profile-format.ts";
import { useStoresHydrated } from "../../../stores/create-persisted-store.ts";
import type { ProfileActionResult } from "../profile-route.server.ts";
import { CancelDone, type FlowEnd } from "./cancel-done.tsx";
import { type OfferedSave, SaveOffer } from "./save-offer.tsx";

/**
 * The cancel flow: confirmation, then the reason (Other opens a text box; no choice shows
 * "Please, choose the Reason to continue"), then, once, the answer that fits the reason beside
 * "Cancel anyway", then the outcome. Each step moves focus to its heading, so screen readers hear
 * where they are.
 */
export function CancelFlow({ profile, locale }: { profile: ProfileView; locale: Locale }) {
  const { t, ifKnown } = useTranslation();
  const fetcher = useFetcher<ProfileActionResult>();
  // Posted before the scripts loaded, the form was a plain one: its answer is the page's.
  const posted = useActionData<ProfileActionResult>();
  const result = fetcher.data ?? posted;
  const [params] = useSearchParams();
  // The offer answered to the reason stays on screen while the parent answers it.
  const offered = result?.intent === "cancel-reason" && result.ok ? result : undefined;
  const [save, setSave] = useState<OfferedSave | undefined>(offered);
  if (offered && offered !== save) setSave(offered);
  const end: FlowEnd | undefined =
    result?.ok &&
    (result.intent === "cancel" ||
      result.intent === "pause" ||
      result.intent === "lifetime" ||
      result.intent === "help-worked")
      ? result
      : undefined;
  // The reason step has its own address, so it works as a plain link and with the back button.
  const current = end ? "done" : save ? "save" : params.get("step") === "reason" || result ? "reason" : "confirm";
  // Each step's heading is a new element: once the parent has moved on, it takes focus as it mounts.
  const moved = useRef(false);
  const heading = useCallback((node: HTMLHeadingElement | null) => {
    if (node && moved.current) node.focus();
  }, []);
  const move = () => {
    moved.current = true;
  };

  const cancelledNow = end?.intent === "cancel";
  useEffect(() => {
    if (cancelledNow) track("subscription_cancelled");
  }, [cancelledNow]);

  const hydrated = useStoresHydrated((state) => state.hydrated);
  // The radios are the browser's own (uncontrolled): a reason ticked before the scripts ran stays
  // ticked, and is read back once they do.
  const [reason, setReason] = useState<string>();
  const [missingReason, setMissingReason] = useState(false);
  const reasonForm = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const ticked = reasonForm.current?.querySelector<HTMLInputElement>('input[name="reason"]:checked');
    if (ticked) setReason(ticked.value);
  }, []);
  const subscription = profile.subscription;
  const until = subscription?.expired_at;
  const date = until ? formatDate(until, locale) : "";
  const serverError = result && !result.ok ? (ifKnown(result.errorKey) ?? t("errors.generic")) : undefined;

  if (end) return <CancelDone end={end} locale={locale} heading={heading} />;

  if (!subscription?.canCancel) {
    return (
      <section className="page profile" aria-labelledby="page-title">
        <h1 id="page-title">{t("pages.cancelSubscription.heading")}</h1>
        <p>{t("profile.cancel.notCancellable")}</p>
        <Link to={localizePath("/profile/subscription/", locale)}>{t("profile.cancel.toSubscription")}</Link>
      </section>
    );
  }

  if (current === "save" && save) {
    return (
      <SaveOffer
        offered={save}
        profile={profile}
        locale={locale}
        fetcher={fetcher}
        result={result}
        error={serverError}
        heading={heading}
        onMove={move}
      />
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
          <Link className="button button--danger" to="?step=reason" preventScrollReset onClick={move}>
            {t("profile.cancel.confirm")}
          </Link>
          <Link className="button button--quiet" to={localizePath("/profile/subscription/", locale)}>
            {t("profile.cancel.keep")}
          </Link>
        </div>
      </section>
    );
  }

  const reasonError = missingReason ? t("validation.messages.chooseReason") : undefined;
  return (
    <section key="reason" className="page profile" aria-labelledby="page-title">
      <h1 id="page-title" ref={heading} tabIndex={-1}>
        {t("profile.cancel.reasonHeading")}
      </h1>
      <fetcher.Form
        ref={reasonForm}
        method="post"
        className="profile__form"
        noValidate
        onSubmit={(event) => {
          if (!new FormData(event.currentTarget).get("reason")) {
            event.preventDefault();
            setMissingReason(true);
          }
          move();
        }}
      >
        <input type="hidden" name="intent" value="cancel-reason" />
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
