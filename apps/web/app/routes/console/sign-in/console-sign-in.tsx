import { Form, useNavigation } from "react-router";
import { consoleMeta } from "../../../console/console-meta.ts";
import { consoleCatalogueHandle } from "../../../i18n/load-catalogue.ts";
import { useTranslation } from "../../../i18n/translation-context.tsx";
import consoleStyles from "../../../styles/console.css?url";
import type { Route } from "./+types/console-sign-in";
import { handleConsoleSignInAction, loadConsoleSignIn } from "./console-sign-in-route.server.ts";

// The console's sign-in (/admin/sign-in/): a password, or a link by email and the page it opens;
// and signing out (a post with intent=sign-out).

export const handle = consoleCatalogueHandle;

export const meta: Route.MetaFunction = ({ loaderData }) => consoleMeta(loaderData?.title);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: consoleStyles }];

/** A refusal's Retry-After (too many attempts, or a process too busy to hash now) reaches the browser. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return new Headers(retryAfter ? { "Retry-After": retryAfter } : undefined);
};

export const loader = (args: Route.LoaderArgs) => loadConsoleSignIn(args);
export const action = (args: Route.ActionArgs) => handleConsoleSignInAction(args);

export default function ConsoleSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("console");
  const submitting = useNavigation().state === "submitting";
  const { link, next } = loaderData;
  const error = actionData?.error ?? (link === "expired" ? "linkExpired" : undefined);
  const alert = error && (
    <p id="sign-in-error" role="alert" className="console-error">
      {t(`signIn.errors.${error}`)}
    </p>
  );
  // Opened from the emailed link: a post spends it, so a mail scanner following the link does not.
  if (link && link !== "expired" && !error) {
    return (
      <main id="main" className="console-sign-in">
        <h1>{t("signIn.title")}</h1>
        <Form method="post" className="console-card console-form">
          <input type="hidden" name="intent" value="continue" />
          <input type="hidden" name="link" value={link.code} />
          <input type="hidden" name="next" value={next} />
          <p>{t("signIn.link.confirm")}</p>
          <button type="submit" className="console-button" disabled={submitting}>
            {t("signIn.link.continue")}
          </button>
        </Form>
      </main>
    );
  }
  return (
    <main id="main" className="console-sign-in">
      <h1>{t("signIn.title")}</h1>
      <Form method="post" className="console-card console-form" aria-describedby={error ? "sign-in-error" : undefined}>
        <input type="hidden" name="next" value={next} />
        {alert}
        {actionData?.linkSent && (
          <p role="status" className="console-ok">
            {t("signIn.link.sent", { count: actionData.linkSent.minutes })}
          </p>
        )}
        <label className="console-field">
          <span>{t("signIn.email")}</span>
          <input
            name="email"
            type="email"
            autoComplete="username"
            required
            maxLength={254}
            defaultValue={actionData?.email}
          />
        </label>
        <label className="console-field">
          <span>{t("signIn.password")}</span>
          <input name="password" type="password" autoComplete="current-password" required maxLength={1024} />
        </label>
        <button type="submit" className="console-button" disabled={submitting}>
          {t("signIn.submit")}
        </button>
        {/* The same email, without the password: forgotten, or waiting after wrong ones. */}
        <p id="sign-in-link-hint">{t("signIn.link.hint")}</p>
        <button
          type="submit"
          name="intent"
          value="link"
          formNoValidate
          aria-describedby="sign-in-link-hint"
          className="console-button console-button--quiet"
          disabled={submitting}
        >
          {t("signIn.link.ask")}
        </button>
      </Form>
    </main>
  );
}
