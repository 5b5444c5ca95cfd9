import { testServices } from "@kinderready/api/test/test-api";
import type { DbHandle } from "@kinderready/db/open-db";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { createOperator, signInOperator } from "@kinderready/domain/console/operator-accounts.server";
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeTestConfig, routeTestContext } from "../../test/route-context.ts";
import { operatorCookieName } from "./operator-cookie.server.ts";
import { operatorContext, requireOperator, requireOperatorChange } from "./operator-guard.server.ts";

// The console's middleware looks the operator's session up once per request and hands the
// operator down in the context: no session, a redirect to the sign-in page and back; a change is
// checked against the context's operator (CSRF token, same origin), without a second lookup.

const origin = "http://kit.test";
const config = routeTestConfig(origin);
const password = "a long operator passphrase";

describe.each(testDatabases())("the console's operator guard on $name", (target) => {
  let database: DbHandle;
  let session: { token: string; csrfToken: string };

  beforeAll(async () => {
    database = await openTestDatabase(target);
    await createOperator(database, { email: "guard@kit.test", password, createdBy: null });
    session = await signInOperator(database, {
      email: "guard@kit.test",
      password,
      clientAddress: "192.0.2.80",
      now: new Date(),
    });
  }, 60_000);
  afterAll(async () => database.close());

  const context = () =>
    routeTestContext({
      config,
      services: testServices(database.db, { send: async () => null }),
      clientAddress: "10.0.0.1",
    });
  const cookie = () => ({ cookie: `${operatorCookieName(false)}=${session.token}` });

  /** Runs the middleware as React Router does; what it threw, or how often it went on. */
  async function pass(request: Request, provided: RouterContextProvider) {
    let calls = 0;
    const next = async () => {
      calls += 1;
      return new Response("page");
    };
    try {
      await requireOperator({ request, context: provided, params: {}, url: new URL(request.url), pattern: "" }, next);
      return { calls, thrown: undefined };
    } catch (thrown) {
      return { calls, thrown };
    }
  }

  it("sends a visitor without a session to the sign-in page, coming back to the same address", async () => {
    const { calls, thrown } = await pass(new Request(`${origin}/admin/revenue/?from=2026-01-01`), context());
    expect(calls).toBe(0);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("location")).toBe(
      "/admin/sign-in/?next=%2Fadmin%2Frevenue%2F%3Ffrom%3D2026-01-01",
    );
  });

  it("hands a signed-in operator to the loaders and actions in the context, then goes on once", async () => {
    const provided = context();
    const { calls, thrown } = await pass(new Request(`${origin}/admin/`, { headers: cookie() }), provided);
    expect(thrown).toBeUndefined();
    expect(calls).toBe(1);
    expect(provided.get(operatorContext)).toMatchObject({ email: "guard@kit.test", csrfToken: session.csrfToken });
  });

  it("checks a change against the context's operator, without reading the cookie again", async () => {
    const provided = context();
    await pass(new Request(`${origin}/admin/offer/`, { headers: cookie() }), provided);
    // The action's request carries no cookie: the operator comes from the middleware's context.
    const post = (headers: Record<string, string>) =>
      new Request(`${origin}/admin/offer/`, { method: "POST", headers, body: "" });
    const form = (csrf: string) => {
      const fields = new FormData();
      fields.set("csrf", csrf);
      return fields;
    };
    expect(
      requireOperatorChange({ request: post({ origin }), context: provided }, form(session.csrfToken)),
    ).toMatchObject({ email: "guard@kit.test" });
    const refusal = (run: () => unknown) => {
      try {
        run();
        return undefined;
      } catch (thrown) {
        return (thrown as { init?: ResponseInit }).init?.status;
      }
    };
    expect(refusal(() => requireOperatorChange({ request: post({ origin }), context: provided }, form("wrong")))).toBe(
      403,
    );
    expect(
      refusal(() =>
        requireOperatorChange(
          { request: post({ origin: "http://evil.test" }), context: provided },
          form(session.csrfToken),
        ),
      ),
    ).toBe(403);
  });
});
