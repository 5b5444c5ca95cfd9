import { users } from "@kinderready/db/schema";
import { testDatabases } from "@kinderready/db/test/test-databases";
import { quizFlow } from "@kinderready/domain/onboarding/quiz-flow";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { routeTestConfig, routeTestContext } from "../../../test/route-context.ts";
import { routeServices } from "../../../test/route-services.ts";
import type { Route } from "./+types/onboarding";
import { savedQuizProgress } from "./quiz-progress.server.ts";
import { handleQuizAction, loadQuiz } from "./quiz-route.server.ts";

// The quiz without the page's scripts (before they ran, or with them off): every page is a form
// the server answers, moving the saved quiz on in its cookie, and the email page stores the lead.

const origin = "http://kit.test";
const config = routeTestConfig(origin);
const indexOf = (id: string) => quizFlow.findIndex((page) => page.id === id);

type Refused = { data: { refusal?: { page: string; message: string; value?: string } }; init: { status: number } };

describe.each(testDatabases())("the quiz as plain forms on $name", (target) => {
  const suite = routeServices(target);

  const context = () => routeTestContext({ config, services: suite.services, clientAddress: "10.8.0.2" });

  /** A browser: the cookie the server last set, and its posts of a page's form. */
  function browser(path = "/onboarding/?utm_source=tiktok") {
    let cookie = "";
    const url = new URL(`${origin}${path}`);
    return {
      saved: () => savedQuizProgress(cookie),
      async post(fields: [string, string][]) {
        const request = new Request(url, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", cookie },
          body: new URLSearchParams(fields).toString(),
        });
        const args = { request, url, context: context(), params: {} } as unknown as Route.ActionArgs;
        const answer = await handleQuizAction(args).catch((thrown: unknown) => thrown);
        const set = answer instanceof Response ? answer.headers.get("set-cookie") : null;
        if (set?.startsWith("kinderready-onboarding=")) cookie = set.split(";")[0] as string;
        return answer;
      },
      async load() {
        const request = new Request(url, { headers: { cookie } });
        return loadQuiz({ request, url, context: context(), params: {} } as unknown as Route.LoaderArgs);
      },
    };
  }
  const answer = (page: string, ...values: string[]): [string, string][] => [
    ["intent", "answer"],
    ["page", page],
    ...values.map((value): [string, string] => ["answer", value]),
  ];

  it("answers each page and goes on to the next, at the same address, with the quiz saved", async () => {
    const parent = browser();
    const moved = await parent.post(answer("ty", "soon"));
    expect(moved).toBeInstanceOf(Response);
    expect((moved as Response).status).toBe(303);
    expect((moved as Response).headers.get("location")).toBe("/onboarding/?utm_source=tiktok");
    expect(parent.saved()).toMatchObject({ step: 1, questions: [{ id: "ty", answer: "soon" }] });
    // The page the parent is on is what the server renders next.
    expect(await parent.load()).toMatchObject({ saved: { step: 1 } });
    await parent.post([
      ["intent", "back"],
      ["page", "i-need"],
    ]);
    expect(parent.saved()?.step).toBe(0);
  });

  it("refuses what the page did not offer, saying what is wrong, and saves nothing", async () => {
    const parent = browser();
    await parent.post(answer("ty", "soon"));
    const before = parent.saved();
    for (const fields of [answer("i-need", "maybe"), answer("i-need"), answer("i-need", "agree", "disagree")]) {
      const refused = (await parent.post(fields)) as Refused;
      expect(refused.init.status).toBe(400);
      expect(refused.data.refusal).toMatchObject({ page: "i-need", message: "Please make your choice" });
    }
    const name = (await parent.post(answer("kid-name", ""))) as Refused;
    expect(name.data.refusal?.message).toBe("Please enter your child's name (up to 40 characters)");
    const age = (await parent.post(answer("kid-age", "42"))) as Refused;
    expect(age.data.refusal).toEqual({
      page: "kid-age",
      message: "Please enter your child's age: a number from 1 to 18",
      value: "42",
    });
    expect(parent.saved()).toEqual(before);
    // A post the page never makes is refused, naming what is missing.
    const unnamed = (await parent.post([["intent", "answer"]])) as Refused & { data: { field?: string } };
    expect([unnamed.init.status, unnamed.data.field]).toEqual([400, "page"]);
    const odd = (await parent.post([
      ["intent", "skip"],
      ["page", "ty"],
    ])) as Refused & { data: { field?: string } };
    expect([odd.init.status, odd.data.field]).toEqual([400, "intent"]);
  });

  it("applies a tap to the page it was made on, even when the parent has moved since", async () => {
    const parent = browser();
    await parent.post(answer("ty", "soon"));
    await parent.post(answer("i-need", "agree"));
    // An old tab still showing the first question.
    await parent.post(answer("ty", "later"));
    expect(parent.saved()?.questions).toEqual([
      { id: "ty", answer: "later" },
      { id: "i-need", answer: "agree" },
    ]);
    expect(parent.saved()?.step).toBe(indexOf("i-need"));
  });

  it("stores the finished quiz from the email page, as the scripts would, and goes to the offer", async () => {
    const parent = browser();
    for (const page of quizFlow) {
      if (page.type === "email") break;
      if (page.type === "form") await parent.post(answer(page.id, page.field === "kid-name" ? "Noa" : "5"));
      else if (page.type === "multi-choice") await parent.post(answer(page.id, "independence", "emotions"));
      else await parent.post(answer(page.id, page.options[0]?.value as string));
    }
    expect(parent.saved()).toMatchObject({
      step: indexOf("analyzing"),
      kid: { name: "Noa", years: { value: 5, text: "5 years" } },
    });
    const email = `forms-${Date.now()}@example.com`;
    const lead = (fields: [string, string][]) => parent.post([["intent", "lead"], ["page", "analyzing"], ...fields]);
    const wrong = (await lead([["email", "noa@"]])) as Refused;
    expect(wrong.data.refusal).toMatchObject({ page: "analyzing", value: "noa@" });

    const stored = await lead([
      ["email", email],
      ["mailing", "yes"],
    ]);
    expect(stored).toBeInstanceOf(Response);
    const next = new URL((stored as Response).headers.get("location") as string, origin);
    expect(next.pathname).toBe("/purchase/");
    const [user] = await suite.database.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ kidName: "Noa", token: next.searchParams.get("token") });
    // Signed in, as the scripts' post would be.
    expect((stored as Response).headers.get("set-cookie")).toMatch(/^kr_session=/);
  });
});
