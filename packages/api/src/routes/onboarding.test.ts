import { createLogger } from "@kinderready/config/logger";
import type { DbHandle } from "@kinderready/db/open-db";
import { attributions, emailMessages, emailOutbox, quizAnswers, users } from "@kinderready/db/schema";
import { startJobs } from "@kinderready/db/start-jobs";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { createMailSender } from "@kinderready/domain/adapters/mail-sender.server";
import { startEmailWorker } from "@kinderready/domain/email/email-queue.server";
import { linkTargets } from "@kinderready/domain/test/email-links";
import { renderPdf } from "@kinderready/kit/render.server";
import { count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApi, testAccessLinkSecret, testApiKey, testServices } from "../../test/test-api.ts";

const headers = { "x-api-key": testApiKey };
let tokenCounter = 0;
const newToken = () => `test-token-${String(++tokenCounter).padStart(12, "0")}`;

function lead(overrides: Record<string, unknown> = {}) {
  return {
    kid: { name: "Emma", years: { text: "5 years", value: 5 } },
    email: `parent${tokenCounter}@example.com`,
    questions: [
      { id: "ty", answer: "soon" },
      { id: "tantrums", answer: "daily" },
      { id: "help", answer: ["independent", "socialized"] },
    ],
    topics: ["tantrums"],
    isForbiddenToMailing: false,
    user_token: newToken(),
    purchasePathByFlow: "/purchase/",
    product: "kinderready",
    locale: "en",
    country_code: "US",
    tracking: {
      utmLabels: { utm_source: "facebook", utm_campaign: "spring" },
      fbAnalytics: { fbclid: "fb-click" },
      organic: false,
      first_visit_id: "device-1",
    },
    ...overrides,
  };
}

describe.each(testDatabases())("onboarding API on $name", (target) => {
  let app: FastifyInstance;
  let database: DbHandle;
  let jobs: PgBoss;

  const rowCounts = async () => ({
    users: (await database.db.select({ n: count() }).from(users))[0]?.n,
    answers: (await database.db.select({ n: count() }).from(quizAnswers))[0]?.n,
    attributions: (await database.db.select({ n: count() }).from(attributions))[0]?.n,
    emails: (await database.db.select({ n: count() }).from(emailMessages))[0]?.n,
  });

  beforeAll(async () => {
    database = await openTestDatabase(target);
    jobs = await startJobs(database, { log: createLogger({ level: "warn" }) });
    const sender = createMailSender({ from: "KinderReady <hello@example.com>", db: database.db });
    await startEmailWorker(jobs, {
      db: database.db,
      sender,
      appUrl: "https://kinderready.test",
      supportEmail: "help@example.com",
      accessLinkSecret: testAccessLinkSecret,
      renderPdf: async (request) => (await renderPdf(request)).bytes,
      errors: { name: "local", report: (error) => expect.unreachable(String(error)), close: async () => {} },
      now: () => new Date(),
    });
    app = await buildTestApi(database, testServices(database.db, jobs));
  }, 60_000);

  afterAll(async () => {
    await app.close();
    await jobs.stop({ graceful: false, timeout: 1_000 });
    await database.close();
  });

  it("stores a lead, its answers and attribution, and redirects to the flow's purchase path", async () => {
    const body = lead();
    const response = await app.inject({ method: "POST", url: "/api/v1/onboarding", headers, payload: body });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user_token: body.user_token, redirect: `/purchase/?token=${body.user_token}` });

    const [user] = await database.db.select().from(users).where(eq(users.token, body.user_token));
    expect(user).toMatchObject({ email: body.email, kidName: "Emma", kidAge: 5, countryCode: "us", flow: "main" });
    expect(user?.topics).toEqual(["tantrums"]);
    // Outside opt-in countries a parent who allows mailing is confirmed at once.
    expect(user?.emailConfirmedAt).toBeInstanceOf(Date);
    const answers = await database.db
      .select()
      .from(quizAnswers)
      .where(eq(quizAnswers.userId, user?.id ?? ""));
    expect(answers.sort((a, b) => a.position - b.position).map((a) => a.questionId)).toEqual([
      "ty",
      "tantrums",
      "help",
    ]);
    const [attribution] = await database.db
      .select()
      .from(attributions)
      .where(eq(attributions.userId, user?.id ?? ""));
    expect(attribution).toMatchObject({
      utmSource: "facebook",
      fbclid: "fb-click",
      organic: false,
      firstVisitId: "device-1",
    });
  });

  it("keeps opt-in countries unconfirmed until the link is opened", async () => {
    const body = lead({ country_code: "de", locale: "de" });
    expect((await app.inject({ method: "POST", url: "/api/v1/onboarding", headers, payload: body })).statusCode).toBe(
      200,
    );
    const [user] = await database.db.select().from(users).where(eq(users.token, body.user_token));
    expect(user).toMatchObject({ emailConfirmedAt: null, mailingOptInCountry: true });

    const confirm = await app.inject({
      method: "POST",
      url: "/api/v1/email/confirm",
      headers,
      payload: {
        email: body.email,
        token: body.user_token,
        time_zone: "Europe/Berlin",
        isForbiddenToMailing: false,
        product: "kinderready",
      },
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({ email: body.email, confirmed: true, isForbiddenToMailing: false });
    const [confirmed] = await database.db.select().from(users).where(eq(users.token, body.user_token));
    expect(confirmed?.emailConfirmedAt).toBeInstanceOf(Date);
    expect(confirmed?.timeZone).toBe("Europe/Berlin");
  });

  it("answers 404 naming the token when a confirmation matches no lead", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/v1/email/confirm",
      headers,
      payload: { email: "nobody@example.com", token: newToken(), isForbiddenToMailing: true, product: "kinderready" },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/^body\.token: /);
  });

  it("is idempotent under 20 concurrent retries and sends one welcome email", async () => {
    const body = lead();
    const before = await rowCounts();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        app.inject({ method: "POST", url: "/api/v1/onboarding", headers, payload: body }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    const after = await rowCounts();
    expect(after).toEqual({
      users: (before.users ?? 0) + 1,
      answers: (before.answers ?? 0) + 3,
      attributions: (before.attributions ?? 0) + 1,
      emails: (before.emails ?? 0) + 1,
    });
    // The worker delivers the one welcome email to the outbox.
    await expect
      .poll(
        async () => (await database.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, body.email))).length,
        {
          timeout: 15_000,
          interval: 200,
        },
      )
      .toBe(1);
    const [mail] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, body.email));
    expect(mail?.subject).toBe("Emma's kindergarten-readiness plan is ready");
    expect(mail?.raw).toContain("Content-Type: multipart/alternative");
    // With Emma's first worksheet, drawn after the lead was stored.
    expect(mail?.raw).toMatch(/Content-Type: application\/pdf; name=kinderready-trial-\S+-en\.pdf/);
    // The confirmation link, counted for this message on its way to the page.
    expect(linkTargets(mail?.text ?? "")).toContain(
      `/purchase/?email=${encodeURIComponent(body.email)}&token=${body.user_token}&isForbiddenToMailing=false`,
    );
  });

  it("refuses an email another parent already uses, and says so in check-email", async () => {
    const first = lead();
    await app.inject({ method: "POST", url: "/api/v1/onboarding", headers, payload: first });
    const check = (payload: object) =>
      app.inject({ method: "POST", url: "/api/v1/user/check-email", headers, payload });

    expect((await check({ email: first.email.toUpperCase(), product: "kinderready" })).json()).toEqual({
      is_email_unique: false,
    });
    expect((await check({ email: first.email, product: "kinderready", user_token: first.user_token })).json()).toEqual({
      is_email_unique: true,
    });
    expect((await check({ email: "fresh@example.com", product: "kinderready" })).json()).toEqual({
      is_email_unique: true,
    });

    const before = await rowCounts();
    const second = lead({ email: first.email });
    const response = await app.inject({ method: "POST", url: "/api/v1/onboarding", headers, payload: second });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: "body.email: This email already exists", statusCode: 409 });
    expect(await rowCounts()).toEqual(before);
  });

  it("never lets a token rewrite the email of a parent who has access", async () => {
    const owner = lead();
    const post = (payload: object) => app.inject({ method: "POST", url: "/api/v1/onboarding", headers, payload });
    expect((await post(owner)).statusCode).toBe(200);
    const [row] = await database.db.select().from(users).where(eq(users.token, owner.user_token));
    if (!row) throw new Error("no lead");
    // Before paying, the same browser may retry or correct its quiz.
    expect((await post({ ...owner, kid: { ...owner.kid, name: "Emmy" } })).statusCode).toBe(200);
    await database.db.update(users).set({ isManualAccess: true }).where(eq(users.id, row.id));
    // With access (paid, or given by support), someone holding the token cannot swap in their own address (and then sign in with it).
    const takeover = await post({ ...owner, email: "attacker@example.com" });
    expect(takeover.statusCode).toBe(409);
    expect(takeover.json().message).toContain("body.user_token");
    const [after] = await database.db.select().from(users).where(eq(users.token, owner.user_token));
    expect(after).toMatchObject({ email: owner.email, kidName: "Emmy" });
  });

  it("reports a visitor's status, new or registered, and finds a lead by marketing contact id", async () => {
    const unknown = await app.inject({
      method: "GET",
      url: `/api/v1/onboarding/${newToken()}?product=kinderready`,
      headers,
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toMatchObject({ registered: false, purchased: false, email: null, esputnikUserData: null });

    const body = lead();
    await app.inject({ method: "POST", url: "/api/v1/onboarding", headers, payload: body });
    const known = await app.inject({
      method: "GET",
      url: `/api/v1/onboarding/${body.user_token}?product=kinderready`,
      headers,
    });
    expect(known.json()).toEqual({
      purchased: false,
      recurring_purchased: false,
      registered: true,
      email: body.email,
      paymentType: null,
      isSubscriptionExpired: false,
      subscriptionStatus: null,
      isManualAccess: false,
      esputnikUserData: { email: body.email, userToken: body.user_token },
    });

    const [user] = await database.db.select().from(users).where(eq(users.token, body.user_token));
    const viaEmail = await app.inject({
      method: "GET",
      url: `/api/v1/onboarding/${newToken()}?product=kinderready&utm_source=esputnik&esputnikContactId=${user?.marketingContactId}`,
      headers,
    });
    expect(viaEmail.json().esputnikUserData).toEqual({ email: body.email, userToken: body.user_token });
    // Without the marketing source the contact id is ignored.
    const ignored = await app.inject({
      method: "GET",
      url: `/api/v1/onboarding/${newToken()}?product=kinderready&esputnikContactId=${user?.marketingContactId}`,
      headers,
    });
    expect(ignored.json().registered).toBe(false);
  });

  describe("rejects bad input with 400 naming the field and stores nothing", () => {
    const cases: [string, string, string, object][] = [
      ["POST", "/api/v1/onboarding", "body.kid.name", lead({ kid: { name: "", years: { text: "5", value: 5 } } })],
      [
        "POST",
        "/api/v1/onboarding",
        "body.kid.name",
        lead({ kid: { name: "x".repeat(41), years: { text: "5", value: 5 } } }),
      ],
      [
        "POST",
        "/api/v1/onboarding",
        "body.kid.years.value",
        lead({ kid: { name: "Emma", years: { text: "0", value: 0 } } }),
      ],
      [
        "POST",
        "/api/v1/onboarding",
        "body.kid.years.value",
        lead({ kid: { name: "Emma", years: { text: "19", value: 19 } } }),
      ],
      ["POST", "/api/v1/onboarding", "body.email", lead({ email: "not-an-email" })],
      ["POST", "/api/v1/onboarding", "body.email", lead({ email: "a@example.com,b@example.com" })],
      ["POST", "/api/v1/onboarding", "body.questions.0.answer", lead({ questions: [{ id: "ty", answer: "maybe" }] })],
      ["POST", "/api/v1/onboarding", "body.questions.0.id", lead({ questions: [{ id: "nope", answer: "agree" }] })],
      ["POST", "/api/v1/onboarding", "body.topics.0", lead({ topics: ["astrology"] })],
      ["POST", "/api/v1/onboarding", "body.user_token", lead({ user_token: "short" })],
      ["POST", "/api/v1/onboarding", "body.purchasePathByFlow", lead({ purchasePathByFlow: "/elsewhere/" })],
      ["POST", "/api/v1/onboarding", "body.product", lead({ product: "other" })],
      ["POST", "/api/v1/onboarding", "body.isForbiddenToMailing", lead({ isForbiddenToMailing: "no" })],
      ["POST", "/api/v1/onboarding", "body.country_code", lead({ country_code: "usa" })],
      ["POST", "/api/v1/user/check-email", "body.email", { email: "nope", product: "kinderready" }],
      ["POST", "/api/v1/user/check-email", "body.product", { email: "a@example.com" }],
      [
        "POST",
        "/api/v1/email/confirm",
        "body.token",
        { email: "a@example.com", token: "x", isForbiddenToMailing: false, product: "kinderready" },
      ],
      [
        "POST",
        "/api/v1/email/confirm",
        "body.isForbiddenToMailing",
        { email: "a@example.com", token: newToken(), product: "kinderready" },
      ],
      ["GET", "/api/v1/onboarding/short?product=kinderready", "params.token", {}],
      ["GET", `/api/v1/onboarding/${newToken()}`, "querystring.product", {}],
    ];
    it.each(cases)("%s %s → %s", async (method, url, field, payload) => {
      const before = await rowCounts();
      const response = await app.inject({
        method: method as "GET" | "POST",
        url,
        headers,
        ...(method === "POST" && { payload }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(`${field}:`);
      expect(await rowCounts()).toEqual(before);
    });
  });
});
