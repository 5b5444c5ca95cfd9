import {
  authenticateOperator,
  checkCsrf,
  type SignedInOperator,
} from "@kinderready/domain/console/operator-accounts.server";
import { readOperatorCookie } from "@kinderready/domain/console/operator-cookie.server";
import { data, type RouterContextProvider, redirect } from "react-router";
import { requestContext } from "#load-context";

// Every console loader and action starts here: no session, no data. Changes also need the
// session's CSRF token from the form and a same-origin request (the cookie is SameSite=Strict
// as well; the token covers browsers and proxies that drop the Origin header).

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export const secureCookies = (appUrl: string) => appUrl.startsWith("https:");

export const signInPath = "/admin/sign-in/";

/** The signed-in operator, or a redirect to the sign-in page that comes back here afterwards. */
export async function requireOperator({ request, context }: Args): Promise<SignedInOperator> {
  const { services, config } = context.get(requestContext);
  const token = readOperatorCookie(request.headers.get("cookie"), secureCookies(config.appUrl));
  const operator = token ? await authenticateOperator(services.db, { token, now: new Date() }) : undefined;
  if (operator) return operator;
  const { pathname, search } = new URL(request.url);
  throw redirect(`${signInPath}?next=${encodeURIComponent(pathname + search)}`);
}

/** A post from a page of this site: its Origin, when the browser sends one, is ours. */
export function isSameOrigin(request: Request, appUrl: string): boolean {
  const origin = request.headers.get("origin");
  return !origin || origin === new URL(request.url).origin || origin === new URL(appUrl).origin;
}

/** The operator behind a change: signed in, same origin, with the session's CSRF token. */
export async function requireOperatorChange(args: Args, form: FormData): Promise<SignedInOperator> {
  const { config } = args.context.get(requestContext);
  const operator = await requireOperator(args);
  const csrf = form.get("csrf");
  if (!isSameOrigin(args.request, config.appUrl) || !checkCsrf(operator, typeof csrf === "string" ? csrf : undefined)) {
    throw data({ error: "forbidden" }, { status: 403 });
  }
  return operator;
}

/** Only a path inside the console is a place to go back to after signing in. */
export function safeNext(next: string | null): string {
  return next?.startsWith("/admin/") && !next.startsWith("//") ? next : "/admin/";
}
