import { users } from "@kinderready/db/schema";
import { testDatabases } from "@kinderready/db/test/test-databases";
import { insertTestParent } from "@kinderready/domain/test/test-parent.server";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { routeTestConfig, routeTestContext } from "../../test/route-context.ts";
import { routeServices } from "../../test/route-services.ts";
import { action } from "./ad-consent.ts";

// The consent banner's form, posted before (or without) the page's scripts: the choice kept in
// a cookie, on the parent's record when the page knew them, and the parent sent back to the
// page they were on, never to another site.

const origin = "http://kit.test";
const config = routeTestConfig(origin);

describe.each(testDatabases())("the consent banner's form on $name", (target) => {
  const suite = routeServices(target);

  const post = async (fields: Record<string, string>) => {
    const answer = await action({
      request: new Request(`${origin}/actions/ad-consent`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      }),
      url: new URL(`${origin}/actions/ad-consent`),
      context: routeTestContext({ config, services: suite.services, clientAddress: "10.30.0.1" }),
      params: {},
      pattern: "",
    });
    if (answer instanceof Response) return answer;
    const refused = answer as { data: unknown; init: ResponseInit | null };
    return { status: refused.init?.status, body: refused.data };
  };

  it("keeps the choice a year and shows the same page again", async () => {
    const answer = await post({ choice: "denied", return: "/ar/quiz1/?utm_source=newsletter" });
    if (!(answer instanceof Response)) throw new Error(`refused: ${JSON.stringify(answer)}`);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/ar/quiz1/?utm_source=newsletter");
    expect(answer.headers.get("set-cookie")).toBe("kr_ad_consent=denied; Path=/; Max-Age=31536000; SameSite=Lax");
  });

  it("records the choice for the parent the page was opened for", async () => {
    const parent = await insertTestParent(suite.database.db);
    const answer = await post({ choice: "granted", return: `/offer1/?token=${parent.token}` });
    expect(answer.status).toBe(303);
    const [row] = await suite.database.db
      .select({ adConsent: users.adConsent, adConsentAt: users.adConsentAt })
      .from(users)
      .where(eq(users.id, parent.id));
    expect(row?.adConsent).toBe("granted");
    expect(row?.adConsentAt).toBeInstanceOf(Date);
  });

  it("refuses a choice it does not know, and a way back that leaves the site, naming the field", async () => {
    expect(await post({ choice: "maybe", return: "/quiz1/" })).toEqual({
      status: 400,
      body: { error: "invalid_field", field: "choice" },
    });
    for (const away of ["//evil.test/", "https://evil.test/", "/\\evil.test/", "quiz1/", ""]) {
      expect(await post({ choice: "granted", return: away }), away).toEqual({
        status: 400,
        body: { error: "invalid_field", field: "return" },
      });
    }
    expect(await post({ return: "/quiz1/" })).toMatchObject({ status: 400, body: { field: "choice" } });
  });
});
