import { testDatabases } from "@kinderready/db/test/test-databases";
import { createRandomToken } from "@kinderready/domain/random-token";
import { describe, expect, it } from "vitest";
import { routeTestConfig, routeTestContext } from "../../test/route-context.ts";
import { routeServices } from "../../test/route-services.ts";
import { loadProfile } from "../profile/profile-route.server.ts";
import type { Route } from "../routes/+types/onboarding";
import { handleQuizAction } from "./quiz-route.server.ts";

// The quiz's last post creates the parent's account in this browser, so it is the one post
// besides an emailed sign-in link that signs the browser in. A post for a token that already
// has an account (a retry, or someone else's token) signs nobody in.

const origin = "http://kit.test";
const config = routeTestConfig(origin);

describe.each(testDatabases())("the quiz's sign-in on $name", (target) => {
  const suite = routeServices(target);

  function context() {
    return routeTestContext({ config, services: suite.services, clientAddress: "10.8.0.1" });
  }

  /** The quiz's submit as the analysing page posts it; answers what the action threw or returned. */
  async function submit(token: string, email: string) {
    const lead = {
      kid: { name: "Noa", years: { text: "5 years", value: 5 } },
      email,
      questions: [{ id: "ty", answer: "soon" }],
      isForbiddenToMailing: true,
      user_token: token,
    };
    const url = new URL(`${origin}/onboarding/`);
    const request = new Request(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ intent: "submit", search: "", lead }),
    });
    const args = { request, url, context: context(), params: {} } as unknown as Route.ActionArgs;
    return handleQuizAction(args).catch((thrown: unknown) => thrown);
  }
  const sessionOf = (answer: unknown) =>
    answer instanceof Response ? /^kr_session=([^;]+);/.exec(answer.headers.get("set-cookie") ?? "")?.[1] : undefined;

  it("signs in the browser whose post created the account, with a session id that is not the token", async () => {
    const token = createRandomToken();
    const created = await submit(token, `quiz-${Date.now()}@example.com`);
    expect(created).toBeInstanceOf(Response);
    expect((created as Response).headers.get("location")).toBe(`/purchase/?token=${token}`);
    const session = sessionOf(created);
    expect(session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session).not.toBe(token);

    const profile = await loadProfile({
      request: new Request(`${origin}/profile/`, { headers: { cookie: `kr_session=${session}` } }),
      url: new URL(`${origin}/profile/`),
      context: context(),
    });
    expect((profile as { data: { state: string } }).data.state).toBe("signed-in");
  });

  it("signs nobody in when the token already had an account", async () => {
    const token = createRandomToken();
    const email = `quiz-again-${Date.now()}@example.com`;
    expect(sessionOf(await submit(token, email))).toBeDefined();
    const again = await submit(token, email);
    expect(again).toBeInstanceOf(Response);
    expect((again as Response).headers.get("set-cookie")).toBeNull();
  });
});
