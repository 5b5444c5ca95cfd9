import { signInOperator, signOutOperator } from "@kinderready/domain/console/operator-accounts.server";
import {
  checkOperatorSignInLink,
  requestOperatorSignInLink,
  signInWithOperatorLink,
} from "@kinderready/domain/console/operator-sign-in-links.server";
import { operatorLinkMinutes } from "@kinderready/domain/email/operator-sign-in-email.server";
import { serverI18n } from "@kinderready/i18n/server-i18n.server";
import { data, redirect } from "react-router";
import { requestContext } from "#load-context";
import { failedAction } from "../../../action-failure.server.ts";
import { operatorSetCookie } from "../../../console/operator-cookie.server.ts";
import { isSameOrigin, safeNext, sessionOperator, signInPath } from "../../../console/operator-guard.server.ts";
import { secureCookiesFor } from "../../../cookies.ts";
import { requestLocale } from "../../../i18n/request-locale.server.ts";
import { formText } from "../../../post-body.server.ts";
import type { Route } from "./+types/console-sign-in";

// Server side of the console's sign-in (/admin/sign-in/): a password, or a link asked for by
// email (intent=link) and confirmed from the page it opens (?link=…, intent=continue); and
// signing out (intent=sign-out). Outside the console's layout, so outside its middleware: an
// operator signed in already goes on.

export async function loadConsoleSignIn({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const next = safeNext(search.get("next"));
  if ((await sessionOperator({ request, context })).operator) throw redirect(next);
  const title = serverI18n(requestLocale(request)).t("console:signIn.title");
  const code = search.get("link");
  if (code === null) return { next, title, link: undefined };
  const { services } = context.get(requestContext);
  const live = await checkOperatorSignInLink(services.account, {
    accessLinkSecret: services.account.accessLinkSecret,
    code,
  });
  return { next, title, link: live ? { code } : ("expired" as const) };
}

/** The refusals the page has a message for (`signIn.errors.*`); any other is told as wrong credentials. */
const refusals = [
  "credentials",
  "throttled",
  "busy",
  "forbidden",
  "linkExpired",
  "linkThrottled",
  "emailMissing",
] as const;
type Refusal = (typeof refusals)[number];
/** What the form shows after a post: a refusal, or that a link is on its way (and for how long). */
export type SignInResult = { error?: Refusal; linkSent?: { minutes: number }; email: string };

export async function handleConsoleSignInAction({ request, context }: Route.ActionArgs) {
  const { services, config, clientAddress, errors } = context.get(requestContext);
  const secure = secureCookiesFor(config.appUrl);
  const form = await request.formData();
  const text = (name: string) => formText(form, name);
  const email = text("email").slice(0, 254);
  if (!isSameOrigin(request, config.appUrl)) {
    return data<SignInResult>({ error: "forbidden", email }, { status: 403 });
  }
  const intent = text("intent");
  if (intent === "sign-out") {
    const { token, operator } = await sessionOperator({ request, context });
    if (token && operator) await signOutOperator(services, { token, operatorId: operator.id });
    throw redirect(signInPath, { headers: { "set-cookie": operatorSetCookie(undefined, secure) } });
  }
  // A refusal is answered on the form, with its status and Retry-After; anything else is the error page's.
  const refusal = (error: unknown) =>
    failedAction(error, {
      errors,
      msg: "console sign-in failed",
      fallbackKey: "credentials",
      answer: (messageKey): SignInResult => ({
        error: refusals.find((known) => known === messageKey) ?? "credentials",
        email,
      }),
    });
  const signedIn = (token: string) =>
    redirect(safeNext(text("next")), { headers: { "set-cookie": operatorSetCookie(token, secure) } });
  if (intent === "continue") {
    const session = await signInWithOperatorLink(services.account, {
      accessLinkSecret: services.account.accessLinkSecret,
      code: text("link").slice(0, 200),
      clientAddress,
    });
    if (!session) return data<SignInResult>({ error: "linkExpired", email }, { status: 400 });
    throw signedIn(session.token);
  }
  if (intent === "link") {
    if (!/^[^\s@]+@[^\s@]+$/.test(email.trim())) {
      return data<SignInResult>({ error: "emailMissing", email }, { status: 400 });
    }
    try {
      await requestOperatorSignInLink(services.account, { email, clientAddress, locale: requestLocale(request) });
    } catch (error) {
      return refusal(error);
    }
    return data<SignInResult>({ linkSent: { minutes: operatorLinkMinutes }, email });
  }
  let session: Awaited<ReturnType<typeof signInOperator>>;
  try {
    session = await signInOperator(services, {
      email,
      password: text("password").slice(0, 1024),
      clientAddress,
      now: new Date(),
    });
  } catch (error) {
    return refusal(error);
  }
  throw signedIn(session.token);
}
