import { testDatabases } from "@kinderready/db/test/test-databases";
import { createRandomToken } from "@kinderready/domain/random-token";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestProduct, type TestProduct } from "../test/product.ts";

// Every cookie the product sets, collected from a walk through the funnel and the console on a
// site served over https: each is Secure, and each that scripts have no reason to read is
// HttpOnly. A cookie the list below does not name fails the walk until it is placed in it.

const [pglite] = testDatabases();
const publicUrl = "https://kit.test";
const operator = { email: "cookies-operator@example.com", password: "a-long-operator-password" };

/** Cookies only the server reads: sessions, the device, the place, the language, the action mark. */
const serverOnly = ["kr_device", "kr_geo", "kr_session", "__Host-kr_operator", "i18n_redirected", "kr_after_action"];
/**
 * Cookies the page's scripts read or write as well: the consent choice and the do-not-sell
 * opt-out (the pixel checks both) and the quiz's saved answers (the quiz's store).
 */
const scriptReadable = ["kr_ad_consent", "kr_do_not_share", "kinderready-onboarding"];

type SetCookie = { name: string; attributes: string[]; from: string };

function setCookiesOf(response: LightMyRequestResponse, from: string): SetCookie[] {
  const header = response.headers["set-cookie"];
  const values = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return values.map((value) => {
    const [pair = "", ...attributes] = value.split(";").map((part) => part.trim());
    return { name: pair.split("=", 1)[0] ?? "", attributes: attributes.map((a) => a.toLowerCase()), from };
  });
}

describe("cookies on an https site", () => {
  let product: TestProduct;
  const seen: SetCookie[] = [];
  /** A request of the walk, in one browser: the cookies it was given so far go with it. */
  const jar = new Map<string, string>();
  async function step(from: string, options: InjectOptions): Promise<LightMyRequestResponse> {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
    const response = await product.app.inject({
      ...options,
      headers: {
        "accept-language": "en",
        // As behind the TLS-terminating proxy in front of it.
        host: new URL(publicUrl).host,
        "x-forwarded-proto": "https",
        origin: publicUrl,
        ...(cookie && { cookie }),
        ...options.headers,
      },
    });
    for (const set of setCookiesOf(response, from)) seen.push(set);
    for (const { name, value } of response.cookies) {
      if (value) jar.set(name, value);
      else jar.delete(name);
    }
    return response;
  }
  const form = (fields: Record<string, string>) => ({
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(fields).toString(),
  });

  beforeAll(async () => {
    product = await startTestProduct(pglite ?? { name: "pglite", databaseUrl: undefined, dataDir: "memory://" }, {
      APP_URL: publicUrl,
      TRUST_PROXY: "true",
      ADMIN_EMAIL: operator.email,
      ADMIN_PASSWORD: operator.password,
    });
  }, 120_000);
  afterAll(() => product?.close(), 60_000);

  it("sets every cookie Secure, and HttpOnly unless the page's scripts read it", async () => {
    const quiz = await step("quiz page", { url: "/onboarding/" });
    expect(quiz.statusCode).toBe(200);
    // Without scripts: the first page's answer, saved in the quiz's cookie.
    await step("quiz answer", {
      method: "POST",
      url: "/onboarding/",
      ...form({ intent: "answer", page: "ty", answer: "soon" }),
    });
    const token = createRandomToken();
    const lead = {
      kid: { name: "Noa", years: { text: "5 years", value: 5 } },
      email: `cookies-${token}@example.com`,
      questions: [{ id: "ty", answer: "soon" }],
      isForbiddenToMailing: true,
      user_token: token,
    };
    // With scripts: the finished quiz stores the lead and signs this browser in.
    const submitted = await step("quiz submit", {
      method: "POST",
      url: "/onboarding/_.data",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ intent: "submit", search: "", lead }),
    });
    expect(submitted.statusCode, submitted.body).toBeLessThan(400);
    await step("offer", { url: `/purchase/?token=${token}` });
    await step("consent banner", { method: "POST", url: "/purchase/", ...form({ "ad-consent": "granted" }) });
    await step("do-not-sell", { method: "POST", url: "/terms/do-not-sell/", ...form({}) });
    await step("language switch", { url: "/onboarding/?lang=de" });
    const profile = await step("profile", { url: "/de/profile/" });
    expect(profile.statusCode).toBe(200);
    await step("sign out", { method: "POST", url: "/de/profile/", ...form({ intent: "sign-out" }) });
    const signedIn = await step("console sign-in", { method: "POST", url: "/admin/sign-in/", ...form(operator) });
    expect(signedIn.statusCode).toBe(302);
    // The page's analytics name no device: the endpoint stores them under the cookie the browser sends.
    const events = await step("analytics", {
      method: "POST",
      url: "/api/v1/analytics/events",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({
        session_id: Date.now(),
        events: [{ event_id: crypto.randomUUID(), name: "page_viewed", time: Date.now(), page: "/onboarding/" }],
      }),
    });
    expect(events.statusCode, events.body).toBe(202);

    const names = new Set(seen.map((cookie) => cookie.name));
    // The walk reached every cookie that matters here, the device's and both sessions' above all.
    for (const name of ["kr_device", "kr_session", "__Host-kr_operator", "i18n_redirected", "kr_ad_consent"]) {
      expect(names, name).toContain(name);
    }
    expect([...names].filter((name) => !serverOnly.includes(name) && !scriptReadable.includes(name))).toEqual([]);
    for (const cookie of seen) {
      const where = `${cookie.name} from ${cookie.from}`;
      expect(cookie.attributes, where).toContain("secure");
      expect(cookie.attributes, where).toContain("path=/");
      expect(cookie.attributes, where).toEqual(
        expect.arrayContaining([expect.stringMatching(/^samesite=(lax|strict)$/)]),
      );
      if (serverOnly.includes(cookie.name)) expect(cookie.attributes, where).toContain("httponly");
    }
  }, 120_000);
});
