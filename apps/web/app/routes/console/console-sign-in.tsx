import {
  authenticateOperator,
  signInOperator,
  signOutOperator,
} from "@kinderready/domain/console/operator-accounts.server";
import { operatorSetCookie, readOperatorCookie } from "@kinderready/domain/console/operator-cookie.server";
import { knownFailure } from "@kinderready/domain/known-failure";
import { data, Form, redirect, useNavigation } from "react-router";
import { requestContext } from "#load-context";
import { isSameOrigin, safeNext, secureCookies, signInPath } from "../../console/operator-guard.server.ts";
import { useTranslation } from "../../i18n/translation-context.tsx";
import consoleStyles from "../../styles/console.css?url";
import type { Route } from "./+types/console-sign-in";

// The console's sign-in (/admin/sign-in/), and signing out (a post with intent=sign-out).

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: consoleStyles }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, config } = context.get(requestContext);
  const token = readOperatorCookie(request.headers.get("cookie"), secureCookies(config.appUrl));
  const next = safeNext(new URL(request.url).searchParams.get("next"));
  if (token && (await authenticateOperator(services.db, { token, now: new Date() }))) throw redirect(next);
  return { next };
}

const refusals = ["locked", "accountLocked", "throttled"] as const;
type SignInResult = { error: "credentials" | (typeof refusals)[number] | "forbidden"; email: string };

export async function action({ request, context }: Route.ActionArgs) {
  const { services, config, clientAddress } = context.get(requestContext);
  const secure = secureCookies(config.appUrl);
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const email = text("email").slice(0, 254);
  if (!isSameOrigin(request, config.appUrl)) {
    return data<SignInResult>({ error: "forbidden", email }, { status: 403 });
  }
  if (text("intent") === "sign-out") {
    const token = readOperatorCookie(request.headers.get("cookie"), secure);
    const operator = token ? await authenticateOperator(services.db, { token, now: new Date() }) : undefined;
    if (token && operator) await signOutOperator(services.db, { token, operatorId: operator.id });
    throw redirect(signInPath, { headers: { "set-cookie": operatorSetCookie(undefined, secure) } });
  }
  let session: Awaited<ReturnType<typeof signInOperator>>;
  try {
    session = await signInOperator(services.db, {
      email,
      password: text("password").slice(0, 1024),
      clientAddress,
      now: new Date(),
    });
  } catch (error) {
    // A refusal is answered on the form; anything else is the error page's.
    const known = knownFailure(error);
    if (!known) throw error;
    const reason = refusals.find((key) => key === known.messageKey) ?? "credentials";
    return data<SignInResult>({ error: reason, email }, { status: known.status });
  }
  throw redirect(safeNext(text("next")), { headers: { "set-cookie": operatorSetCookie(session.token, secure) } });
}

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
