import { fieldRules } from "@kinderready/domain/onboarding/field-rules";
import { type Locale, localizePath } from "@kinderready/i18n/locales";
import { useState } from "react";
import { Form, Link, useActionData, useFetcher, useSearchParams } from "react-router";
import { Field } from "../../components/forms/field.tsx";
import { useValidatedField } from "../../components/forms/use-validated-field.ts";
import { useTranslation } from "../../i18n/translation-context.tsx";
import type { ProfileActionResult } from "./profile-route.server.ts";

/**
 * Nobody is signed in on this device: ask for a sign-in link by email. Opened from such a link,
 * the page asks the parent to continue (a click, not the page load, uses the link up, so mail
 * scanners that open links cannot spend it). A device that knows the parent but has not proved
 * it is theirs (`confirmDevice`) is asked for the same link, as a confirmation.
 */
export function SignInPanel({
  locale,
  accessLink,
  confirmDevice,
}: {
  locale: Locale;
  accessLink: "none" | "valid" | "invalid";
  confirmDevice: boolean;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <section className="page profile" aria-labelledby="page-title">
      {accessLink === "valid" ? (
        <>
          <h1 id="page-title">{t("profile.signIn.confirmHeading")}</h1>
          <p>{t("profile.signIn.confirmText")}</p>
          {/* A document post: the answer sets the session cookie and reloads the profile. */}
          <Form method="post" reloadDocument>
            <input type="hidden" name="intent" value="sign-in" />
            <input type="hidden" name="code" value={params.get("access") ?? ""} />
            <button type="submit" className="button button--wide">
              {t("profile.signIn.confirm")}
            </button>
          </Form>
        </>
      ) : (
        <>
          <h1 id="page-title">{t(confirmDevice ? "profile.signIn.confirmDeviceHeading" : "profile.signIn.heading")}</h1>
          {accessLink === "invalid" && (
            <p className="notice notice--error" role="alert">
              {t("profile.signIn.expired")}
            </p>
          )}
          <p>{t(confirmDevice ? "profile.signIn.confirmDeviceIntro" : "profile.signIn.intro")}</p>
          <AccessLinkForm />
          {!confirmDevice && (
            <p className="muted">
              {t("profile.signIn.noAccount")}{" "}
              <Link to={localizePath("/onboarding/", locale)}>{t("profile.signIn.takeQuiz")}</Link>
            </p>
          )}
        </>
      )}
    </section>
  );
}

function AccessLinkForm() {
  const { t, ifKnown } = useTranslation();
  const fetcher = useFetcher<ProfileActionResult>();
  // Posted before the scripts loaded, the form was a plain one: its answer is the page's.
  const posted = useActionData<ProfileActionResult>();
  const [email, setEmail] = useState("");
  const validated = useValidatedField({ value: email, ...fieldRules.email });
  const result = fetcher.data ?? posted;
  if (result?.intent === "request-link" && result.ok) {
    return (
      <p className="notice" role="status">
        {t("profile.signIn.sent", { email: result.email })}
      </p>
    );
  }
  const serverError = result && !result.ok ? (ifKnown(result.errorKey) ?? t("errors.generic")) : undefined;
  return (
    <fetcher.Form
      method="post"
      noValidate
      className="profile__form"
      onSubmit={(event) => {
        if (!validated.check()) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="request-link" />
      <Field
        id="sign-in-email"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        label={t("profile.signIn.email")}
        error={validated.error ?? (result?.ok === false && result.field === "email" ? serverError : undefined)}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        onBlur={validated.onBlur}
      />
      {serverError && result?.ok === false && result.field !== "email" && (
        <p className="notice notice--error" role="alert">
          {serverError}
        </p>
      )}
      <button type="submit" className="button button--wide" disabled={fetcher.state !== "idle"}>
        {fetcher.state === "idle" ? t("profile.signIn.send") : t("profile.signIn.sending")}
      </button>
    </fetcher.Form>
  );
}
