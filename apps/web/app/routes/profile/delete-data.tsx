import { type Locale, localizePath } from "@kinderready/i18n/locales";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { useTranslation } from "../../i18n/translation-context.tsx";
import { forgetSavedState } from "../../stores/persistence.ts";

/** The address that opens the confirmation, so the page asks before deleting without scripts too. */
export const confirmDeleteParam = "confirm-delete";

/**
 * "Delete my data": explained, then confirmed. While a subscription renews the button stays
 * (so keyboard and screen reader users find it) but is marked unavailable, with the reason
 * beside it. The button and "keep" are plain GET forms (to `?confirm-delete=1` and back), which
 * scripts turn into a local toggle. The confirmed post is a document request: the answer signs
 * the device out and goes home, and what this browser kept (the quiz answers, the child's name)
 * is cleared first.
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
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = allowed && searchParams.has(confirmDeleteParam);
  const [confirming, setConfirming] = useState(asked);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (confirming && moved.current) confirmHeading.current?.focus();
  }, [confirming]);
  const here = localizePath("/profile/", locale);
  const toggle = (next: boolean) => {
    moved.current = true;
    setConfirming(next);
    // Back from an address that asked: it no longer does.
    if (!next && asked) setSearchParams({}, { replace: true, preventScrollReset: true });
  };

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
        <form
          method="get"
          action={`${here}#delete-confirm`}
          onSubmit={(event) => {
            event.preventDefault();
            if (allowed) toggle(true);
          }}
        >
          <input type="hidden" name={confirmDeleteParam} value="1" />
          <button
            type="submit"
            className="button button--danger"
            aria-disabled={allowed ? undefined : "true"}
            aria-describedby={allowed ? undefined : "delete-blocked"}
          >
            {t("profile.delete.button")}
          </button>
          {!allowed && (
            <p id="delete-blocked" className="notice">
              {t("profile.delete.cancelFirst")}{" "}
              <Link to={localizePath("/profile/subscription/", locale)}>{t("profile.subscription.manage")}</Link>
            </p>
          )}
        </form>
      ) : (
        <div className="profile__confirm">
          <h3 id="delete-confirm" ref={confirmHeading} tabIndex={-1}>
            {t("profile.delete.confirmHeading")}
          </h3>
          <p>{t("profile.delete.confirmText")}</p>
          <Form method="post" action={here} reloadDocument onSubmit={() => forgetSavedState()}>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="confirm" value="yes" />
            <button type="submit" className="button button--danger">
              {t("profile.delete.confirm")}
            </button>{" "}
            {/* Without scripts, the page without the question (the form below). */}
            <button
              type="submit"
              form="delete-keep"
              className="button button--quiet"
              onClick={(event) => {
                event.preventDefault();
                toggle(false);
              }}
            >
              {t("profile.delete.keep")}
            </button>
          </Form>
          <form id="delete-keep" method="get" action={`${here}#profile-delete`} />
        </div>
      )}
    </section>
  );
}
