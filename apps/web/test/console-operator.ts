import type { PublicConfig } from "@kinderready/config/config.server";
import type { Database } from "@kinderready/db/open-db";
import type { AppServices } from "@kinderready/domain/app-services";
import {
  authenticateOperator,
  createOperator,
  type SignedInOperator,
  signInOperator,
} from "@kinderready/domain/console/operator-accounts.server";
import { localeCookie } from "@kinderready/i18n/locales";
import type { FastifyInstance } from "fastify";
import type { RouterContextProvider } from "react-router";
import { operatorContext } from "../app/console/operator-guard.server.ts";
import { routeTestContext } from "./route-context.ts";

// Tests only: an operator signed in, and a console request's context as the console's
// middleware leaves it, for calling a console page's loader or action directly.

/** Creates an operator account with this email and signs it in. */
export async function signedInTestOperator(db: Database, email: string): Promise<SignedInOperator> {
  const password = "a long operator passphrase";
  await createOperator({ db }, { email, password, createdBy: null });
  const session = await signInOperator({ db }, { email, password, clientAddress: "192.0.2.80", now: new Date() });
  const signedIn = await authenticateOperator({ db }, { token: session.token, now: new Date() });
  if (!signedIn) throw new Error("operator not signed in");
  return signedIn;
}

/** The request's services and the signed-in operator in the context. */
export function consoleRouteContext(input: {
  config: PublicConfig;
  services: AppServices;
  operator: SignedInOperator;
}): RouterContextProvider {
  const provided = routeTestContext({ config: input.config, services: input.services, clientAddress: "10.0.0.3" });
  provided.set(operatorContext, input.operator);
  return provided;
}

/** The first operator a whole product creates at start (`startTestProduct(target, testOperatorEnv)`). */
export const testOperatorEnv = { ADMIN_EMAIL: "operator@example.com", ADMIN_PASSWORD: "a long operator passphrase" };

/** What a signed-in operator's browser sends: the session cookie, and the CSRF token its forms carry. */
export type OperatorBrowser = { cookie: string; csrf: string };

/**
 * Signs the product's first operator in through its sign-in page, as a browser does, and reads
 * the CSRF token from a console page's form. `language` is the operator's console language.
 */
export async function signInOverHttp(app: FastifyInstance, language = "en"): Promise<OperatorBrowser> {
  const signIn = await app.inject({
    method: "POST",
    url: "/admin/sign-in/",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({
      email: testOperatorEnv.ADMIN_EMAIL,
      password: testOperatorEnv.ADMIN_PASSWORD,
    }).toString(),
  });
  const setCookie = [signIn.headers["set-cookie"] ?? []].flat().find((value) => value.startsWith("kr_operator="));
  if (signIn.statusCode !== 302 || !setCookie) throw new Error(`sign-in answered ${signIn.statusCode}`);
  const cookie = `${setCookie.split(";", 1)[0]}; ${localeCookie.name}=${language}`;
  const page = await app.inject({ url: "/admin/offer/", headers: { cookie } });
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1];
  if (!csrf) throw new Error(`no CSRF token on the console's page (${page.statusCode})`);
  return { cookie, csrf };
}
