import { Form, useNavigation } from "react-router";
import { consoleMeta } from "../../console/console-meta.ts";
import { handleConsoleSignInAction, loadConsoleSignIn } from "../../console/console-sign-in-route.server.ts";
import { consoleCatalogueHandle } from "../../i18n/load-catalogue.ts";
import { useTranslation } from "../../i18n/translation-context.tsx";
import consoleStyles from "../../styles/console.css?url";
import type { Route } from "./+types/console-sign-in";

// The console's sign-in (/admin/sign-in/), and signing out (a post with intent=sign-out).

export const handle = consoleCatalogueHandle;

export const meta: Route.MetaFunction = ({ loaderData }) => consoleMeta(loaderData?.title);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: consoleStyles }];

export const loader = (args: Route.LoaderArgs) => loadConsoleSignIn(args);
export const action = (args: Route.ActionArgs) => handleConsoleSignInAction(args);

export default function ConsoleSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("console");
  const submitting = useNavigation().state === "submitting";
  const error = actionData?.error;
  return (
    <main id="main" className="console-sign-in">
      <h1>{t("signIn.title")}</h1>
      <Form method="post" className="console-card console-form" aria-describedby={error ? "sign-in-error" : undefined}>
        <input type="hidden" name="next" value={loaderData.next} />
        {error && (
          <p id="sign-in-error" role="alert" className="console-error">
            {t(`signIn.errors.${error}`)}
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
      </Form>
    </main>
  );
}
