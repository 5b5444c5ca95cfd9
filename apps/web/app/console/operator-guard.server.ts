import {
  authenticateOperator,
  checkCsrf,
  type SignedInOperator,
} from "@kinderready/domain/console/operator-accounts.server";
import { createContext, data, type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { requestContext } from "#load-context";
import { secureCookiesFor } from "../cookies.ts";
import { readOperatorCookie } from "./operator-cookie.server.ts";

// Every console request passes the console's middleware first: no session, no data. The session
// is looked up once per request and the operator handed to the loaders and actions in the
// context. Changes also need the session's CSRF token from the form and a same-origin request
// (the cookie is SameSite=Strict as well; the token covers browsers and proxies that drop the
// Origin header).

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export const signInPath = "/admin/sign-in/";

/** The operator the console's middleware signed in for this request. */
export const operatorContext = createContext<SignedInOperator>();

/** The console session this request's cookie names, and its operator while the session lasts. */
export async function sessionOperator({ request, context }: Args) {
  const { services, config } = context.get(requestContext);
  const token = readOperatorCookie(request.headers.get("cookie"), secureCookiesFor(config.appUrl));
  const operator = token ? await authenticateOperator(services, { token, now: new Date() }) : undefined;
  return { token, operator };
}

/**
 * The console layout's and the export's middleware: the signed-in operator into the context, or a
 * redirect to the sign-in page that comes back here afterwards.
 */
export const requireOperator: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { operator } = await sessionOperator({ request, context });
  if (!operator) {
    const { pathname, search } = new URL(request.url);
    throw redirect(`${signInPath}?next=${encodeURIComponent(pathname + search)}`);
  }
  context.set(operatorContext, operator);
  return next();
};

/** The signed-in operator of a loader or action below the console's middleware. */
export const signedInOperator = (context: Readonly<RouterContextProvider>): SignedInOperator =>
  context.get(operatorContext);

/** A post from a page of this site: its Origin, when the browser sends one, is ours. */
export function isSameOrigin(request: Request, appUrl: string): boolean {
  const origin = request.headers.get("origin");
  return !origin || origin === new URL(request.url).origin || origin === new URL(appUrl).origin;
}

/** The operator behind a change: signed in, same origin, with the session's CSRF token. */
export function requireOperatorChange({ request, context }: Args, form: FormData): SignedInOperator {
  const { config } = context.get(requestContext);
  const operator = signedInOperator(context);
  const csrf = form.get("csrf");
  if (!isSameOrigin(request, config.appUrl) || !checkCsrf(operator, typeof csrf === "string" ? csrf : undefined)) {
    throw data({ error: "forbidden" }, { status: 403 });
  }
  return operator;
}

/** Only a path inside the console is a place to go back to after signing in. */
export function safeNext(next: string | null): string {
  return next?.startsWith("/admin/") && !next.startsWith("//") ? next : "/admin/";
}
