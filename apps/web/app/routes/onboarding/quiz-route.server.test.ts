import { attributions, parentSessions, users } from "@kinderready/db/schema";
import { testDatabases } from "@kinderready/db/test/test-databases";
import { sessionDigest } from "@kinderready/domain/profile/parent-sessions.server";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { routeTestConfig, routeTestContext } from "../../../test/route-context.ts";
import { routeServices } from "../../../test/route-services.ts";
import { loadProfile } from "../profile/profile-route.server.ts";
import type { Route } from "./+types/onboarding";
import { handleQuizAction, loadQuiz } from "./quiz-route.server.ts";

// The quiz's last post creates the parent's account in this browser, under a token the server
// issues, and signs the browser in, unverified: typing an email proves nothing, so the profile
// asks for an emailed link. A token the browser names is taken only from the device signed in
// as that lead; a chosen or planted one never becomes anybody's.

const origin = "http://kit.test";
const config = routeTestConfig(origin);

describe.each(testDatabases())("the quiz's sign-in on $name", (target) => {
  const suite = routeServices(target);

  const deviceId = "device-0123456789abcdefgh";
  function context() {
    return routeTestContext({ config, services: suite.services, clientAddress: "10.8.0.1", deviceId });
  }

  /** The quiz's submit as the analysing page posts it; answers what the action threw or returned. */
  async function submit(token: string | undefined, email: string, cookie = "") {
    const lead = {
      kid: { name: "Noa", years: { text: "5 years", value: 5 } },
      email,
      questions: [{ id: "ty", answer: "soon" }],
      isForbiddenToMailing: true,
      ...(token && { user_token: token }),
      tracking: { utmLabels: {}, googleAnalytics: {}, fbAnalytics: {}, organic: true, first_visit_id: "made-up" },
    };
    const url = new URL(`${origin}/onboarding/`);
    const request = new Request(url, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ intent: "submit", search: "", lead }),
    });
    const args = { request, url, context: context(), params: {} } as unknown as Route.ActionArgs;
    return handleQuizAction(args).catch((thrown: unknown) => thrown);
  }
  const sessionOf = (answer: unknown) =>
    answer instanceof Response ? /^kr_session=([^;]+);/.exec(answer.headers.get("set-cookie") ?? "")?.[1] : undefined;

  const tokenOf = (answer: unknown) =>
    answer instanceof Response ? new URL(answer.headers.get("location") ?? "", origin).searchParams.get("token") : null;
  const leadOf = async (token: string) =>
    (await suite.services.db.select().from(users).where(eq(users.token, token)))[0];
  const profileState = async (session: string | undefined) => {
    const profile = await loadProfile({
      request: new Request(`${origin}/profile/`, { headers: { cookie: `kr_session=${session}` } }),
      url: new URL(`${origin}/profile/`),
      context: context(),
    });
    return (profile as { data: { state: string; confirmDevice?: boolean } }).data;
  };

  it("stores a new lead under a token the server issues, whatever token the browser names", async () => {
    // Chosen offline (to land in a cheaper price group), or planted in a victim's browser by a link.
    const chosen = "AAAAAAAAAAAAAAAAAAAAAA";
    const email = `quiz-chosen-${Date.now()}@example.com`;
    const created = await submit(chosen, email);
    const issued = tokenOf(created);
    expect(issued).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(issued).not.toBe(chosen);
    expect(await leadOf(chosen)).toBeUndefined();
    const lead = await leadOf(issued as string);
    expect(lead?.email).toBe(email);
    // The first visit is the device's, from its cookie, whatever the browser says.
    const [attribution] = await suite.services.db
      .select({ firstVisitId: attributions.firstVisitId })
      .from(attributions)
      .where(eq(attributions.userId, lead?.id ?? ""));
    expect(attribution?.firstVisitId).toBe(deviceId);
  });

  it("opens the quiz afresh for a token the server never issued, on both flows, and tells the browser to drop it", async () => {
    const chosen = "AAAAAAAAAAAAAAAAAAAAAA";
    for (const path of ["/onboarding/", "/quiz1/"]) {
      const url = new URL(`${origin}${path}?token=${chosen}`);
      const page = await loadQuiz({
        request: new Request(url),
        url,
        context: context(),
      } as unknown as Route.LoaderArgs);
      expect(page).toMatchObject({ refusedToken: chosen });
    }
    expect(await leadOf(chosen)).toBeUndefined();
  });

  it("sends a parent who finished the quiz on to the offer, and a marketing email's lead to its own token", async () => {
    const token = tokenOf(await submit(undefined, `quiz-known-${Date.now()}@example.com`)) as string;
    const load = (search: string) => {
      const url = new URL(`${origin}/quiz1/${search}`);
      return loadQuiz({ request: new Request(url), url, context: context() } as unknown as Route.LoaderArgs).catch(
        (thrown: unknown) => thrown,
      );
    };
    const location = (answer: unknown) => (answer instanceof Response ? answer.headers.get("location") : answer);
    expect(location(await load(`?token=${token}`))).toBe(`/offer1/?token=${token}`);
    const contactId = (await leadOf(token))?.marketingContactId;
    const other = "BBBBBBBBBBBBBBBBBBBBBB";
    expect(location(await load(`?token=${other}&esputnikContactId=${contactId}&utm_source=esputnik`))).toBe(
      `/quiz1/?token=${token}&esputnikContactId=${contactId}&utm_source=esputnik`,
    );
  });

  it("signs in the browser whose post created the account, unverified, with a session id that is not the token", async () => {
    const created = await submit(undefined, `quiz-${Date.now()}@example.com`);
    expect(created).toBeInstanceOf(Response);
    const token = tokenOf(created);
    expect((created as Response).headers.get("location")).toBe(`/purchase/?token=${token}`);
    const session = sessionOf(created);
    expect(session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session).not.toBe(token);
    // Typing an email proves nobody owns it: the profile asks this device for an emailed link.
    expect(await profileState(session)).toMatchObject({ state: "signed-out", confirmDevice: true });
  });

  it("lets the device signed in as the lead store its quiz again under its token, and nobody else", async () => {
    const email = `quiz-again-${Date.now()}@example.com`;
    const first = await submit(undefined, email);
    const token = tokenOf(first) as string;
    const session = sessionOf(first);
    // The same device, answering again: the same lead, no second sign-in.
    const again = await submit(token, email, `kr_session=${session}`);
    expect(tokenOf(again)).toBe(token);
    expect((again as Response).headers.get("set-cookie")).toBeNull();
    // Another browser naming that token (a forwarded link) cannot rewrite the lead: its post is a
    // new lead, which the taken email refuses.
    const stranger = await submit(token, email);
    expect(stranger).not.toBeInstanceOf(Response);
    expect((await leadOf(token))?.email).toBe(email);
  });

  it("moves a lead to another email only for a device that proved it is the parent's", async () => {
    const email = `quiz-move-${Date.now()}@example.com`;
    const first = await submit(undefined, email);
    const token = tokenOf(first) as string;
    const session = sessionOf(first);
    // Unverified, another email: a new lead under a new token; the first keeps its inbox.
    const elsewhere = `quiz-elsewhere-${Date.now()}@example.com`;
    const moved = await submit(token, elsewhere, `kr_session=${session}`);
    expect(tokenOf(moved)).not.toBe(token);
    expect((await leadOf(token))?.email).toBe(email);
    // Verified (an emailed link, a payment it started): the parent corrects their own email.
    const proven = await submit(undefined, `quiz-proven-${Date.now()}@example.com`);
    const provenToken = tokenOf(proven) as string;
    const provenSession = sessionOf(proven) ?? "";
    await suite.services.db
      .update(parentSessions)
      .set({ verifiedAt: new Date() })
      .where(eq(parentSessions.idHash, sessionDigest(provenSession)));
    const corrected = `quiz-corrected-${Date.now()}@example.com`;
    expect(tokenOf(await submit(provenToken, corrected, `kr_session=${provenSession}`))).toBe(provenToken);
    expect((await leadOf(provenToken))?.email).toBe(corrected);
  });
});
