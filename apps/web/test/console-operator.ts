import type { PublicConfig } from "@kinderready/config/config.server";
import type { Database } from "@kinderready/db/open-db";
import type { AppServices } from "@kinderready/domain/app-services";
import {
  authenticateOperator,
  createOperator,
  type SignedInOperator,
  signInOperator,
} from "@kinderready/domain/console/operator-accounts.server";
import type { RouterContextProvider } from "react-router";
import { operatorContext } from "../app/console/operator-guard.server.ts";
import { routeTestContext } from "./route-context.ts";

// Tests only: an operator signed in, and a console request's context as the console's
// middleware leaves it, for calling a console page's loader or action directly.

/** Creates an operator account with this email and signs it in. */
export async function signedInTestOperator(db: Database, email: string): Promise<SignedInOperator> {
  const password = "a long operator passphrase";
  await createOperator(db, { email, password, createdBy: null });
  const session = await signInOperator(db, { email, password, clientAddress: "192.0.2.80", now: new Date() });
  const signedIn = await authenticateOperator(db, { token: session.token, now: new Date() });
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
