import { type Locale, localizePath } from "@kinderready/i18n/locales";
import { useEffect, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { useTranslation } from "../../i18n/translation-context.tsx";
import { forgetSavedState } from "../../stores/persistence.ts";

/**
 * "Delete my data": explained, then confirmed. While a subscription renews the button stays
 * (so keyboard and screen reader users find it) but is marked unavailable, with the reason
 * beside it. The confirmed post is a document request: the answer signs the device out and
 * goes home, and what this browser kept (the quiz answers, the child's name) is cleared first.
 */
export function DeleteData({
  allowed,
  locale,
  error,
}: {
  allowed: boolean;
  locale: Locale;
  /** The answer of a deletion that failed (the page reloaded with it). */
  error: string | undefined;
}) {
  const { t, ifKnown } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (confirming) confirmHeading.current?.focus();
  }, [confirming]);

  return (
    <section className="profile__card profile__danger" aria-labelledby="profile-delete">
      <h2 id="profile-delete">{t("profile.delete.heading")}</h2>
      <p>{t("profile.delete.intro")}</p>
      {error && (
        <p className="notice notice--error" role="alert">
          {ifKnown(error) ?? t("errors.generic")}
        </p>
      )}
      {!confirming ? (
        <>
          <button
            type="button"
            className="button button--danger"
            aria-disabled={allowed ? undefined : "true"}
            aria-describedby={allowed ? undefined : "delete-blocked"}
            onClick={() => {
              if (allowed) setConfirming(true);
            }}
          >
            {t("profile.delete.button")}
          </button>
          {!allowed && (
            <p id="delete-blocked" className="notice">
              {t("profile.delete.cancelFirst")}{" "}
              <Link to={localizePath("/profile/subscription/", locale)}>{t("profile.subscription.manage")}</Link>
            </p>
          )}
        </>
      ) : (
        <div className="profile__confirm">
          <h3 id="delete-confirm" ref={confirmHeading} tabIndex={-1}>
            {t("profile.delete.confirmHeading")}
          </h3>
          <p>{t("profile.delete.confirmText")}</p>
          <Form method="post" reloadDocument onSubmit={() => forgetSavedState()}>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="confirm" value="yes" />
            <button type="submit" className="button button--danger">
              {t("profile.delete.confirm")}
            </button>{" "}
            <button type="button" className="button button--quiet" onClick={() => setConfirming(false)}>
              {t("profile.delete.keep")}
            </button>
          </Form>
        </div>
      )}
    </section>
  );
}
