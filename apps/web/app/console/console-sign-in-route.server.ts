import { signInOperator, signOutOperator } from "@kinderready/domain/console/operator-accounts.server";
import { knownFailure } from "@kinderready/domain/known-failure";
import { serverI18n } from "@kinderready/i18n/server-i18n.server";
import { data, redirect } from "react-router";
import { requestContext } from "#load-context";
import { secureCookiesFor } from "../cookies.ts";
import { requestLocale } from "../i18n/request-locale.server.ts";
import type { Route } from "../routes/console/+types/console-sign-in";
import { operatorSetCookie } from "./operator-cookie.server.ts";
import { isSameOrigin, safeNext, sessionOperator, signInPath } from "./operator-guard.server.ts";

// Server side of the console's sign-in (/admin/sign-in/), and of signing out (intent=sign-out).
// Outside the console's layout, so outside its middleware: an operator signed in already goes on.

export async function loadConsoleSignIn({ request, context }: Route.LoaderArgs) {
  const next = safeNext(new URL(request.url).searchParams.get("next"));
  if ((await sessionOperator({ request, context })).operator) throw redirect(next);
  return { next, title: serverI18n(requestLocale(request)).t("console:signIn.title") };
}

const refusals = ["locked", "accountLocked", "throttled"] as const;
type SignInResult = { error: "credentials" | (typeof refusals)[number] | "forbidden"; email: string };

export async function handleConsoleSignInAction({ request, context }: Route.ActionArgs) {
  const { services, config, clientAddress } = context.get(requestContext);
  const secure = secureCookiesFor(config.appUrl);
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
    const { token, operator } = await sessionOperator({ request, context });
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
