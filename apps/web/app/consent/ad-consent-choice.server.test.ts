import { users } from "@kinderready/db/schema";
import { testDatabases } from "@kinderready/db/test/test-databases";
import { startParentSession } from "@kinderready/domain/profile/parent-sessions.server";
import { insertTestParent } from "@kinderready/domain/test/test-data.server";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { routeTestConfig, routeTestContext } from "../../test/route-context.ts";
import { routeServices } from "../../test/route-services.ts";
import { answerAdConsentChoice } from "./ad-consent-choice.server.ts";

// The consent banner's form, posted to the page it is on before (or without) the page's
// scripts: the choice kept in a cookie and, for the parent signed in on this device, on their
// record (never for a token in the address);
// the same page shown again with its query; every other request left to the page.

const origin = "http://kit.test";
const config = routeTestConfig(origin);

describe.each(testDatabases())("the consent banner's post on $name", (target) => {
  const suite = routeServices(target);

  const answer = (path: string, init: RequestInit = {}) =>
    answerAdConsentChoice({
      request: new Request(`${origin}${path}`, init),
      context: routeTestContext({ config, services: suite.services, clientAddress: "10.30.0.1" }),
    });
  const formPost = (fields: Record<string, string>) => ({
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });

  it("keeps the choice a year and shows the same page again, query and all", async () => {
    const response = await answer("/ar/quiz1/?utm_source=newsletter&fbclid=abc", formPost({ "ad-consent": "denied" }));
    expect(response?.status).toBe(303);
    expect(response?.headers.get("location")).toBe("/ar/quiz1/?utm_source=newsletter&fbclid=abc");
    expect(response?.headers.get("set-cookie")).toBe("kr_ad_consent=denied; Path=/; Max-Age=31536000; SameSite=Lax");
  });

  it("records the choice for the parent signed in on this device, and never for a bare link's token", async () => {
    const consentOf = async (userId: string) =>
      (
        await suite.database.db
          .select({ adConsent: users.adConsent, adConsentAt: users.adConsentAt })
          .from(users)
          .where(eq(users.id, userId))
      )[0];
    const parent = await insertTestParent(suite.database.db);
    const linked = await answer(`/offer1/?token=${parent.token}`, formPost({ "ad-consent": "granted" }));
    expect(linked?.status).toBe(303);
    expect((await consentOf(parent.id))?.adConsent).toBeNull();

    const session = await startParentSession(suite.services.account, { userId: parent.id, verified: false });
    const signedIn = await answer("/offer1/", {
      ...formPost({ "ad-consent": "granted" }),
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: `kr_session=${session.id}` },
    });
    expect(signedIn?.status).toBe(303);
    expect(await consentOf(parent.id)).toMatchObject({ adConsent: "granted", adConsentAt: expect.any(Date) });
  });

  it("refuses a choice it does not know with 400 naming the field", async () => {
    const refused = await answer("/quiz1/", formPost({ "ad-consent": "maybe" })).catch((error: unknown) => error);
    expect(refused).toMatchObject({ init: { status: 400 }, data: { error: "invalid_field", field: "ad-consent" } });
  });

  it("leaves every other request to the page, its body unread", async () => {
    const quizAnswer = new Request(`${origin}/quiz1/`, formPost({ intent: "answer", answer: "yes" }));
    const context = routeTestContext({ config, services: suite.services, clientAddress: "10.30.0.1" });
    expect(await answerAdConsentChoice({ request: quizAnswer, context })).toBeUndefined();
    expect(Object.fromEntries(await quizAnswer.formData())).toEqual({ intent: "answer", answer: "yes" });
    expect(await answer("/quiz1/")).toBeUndefined();
    const json = { method: "POST", headers: { "content-type": "application/json" }, body: '{"ad-consent":"granted"}' };
    expect(await answer("/quiz1/", json)).toBeUndefined();
  });
});
