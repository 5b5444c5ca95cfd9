import { randomUUID } from "node:crypto";
import type { DbHandle } from "@kinderready/db/open-db";
import { analyticsEvents, emailMessages, emailOutbox, subscriptions, users } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { accessCode } from "@kinderready/domain/email/access-code.server";
import { seedPriceCatalogue } from "@kinderready/domain/pricing/price-config.server";
import { checkAccessLink, signInWithAccessLink } from "@kinderready/domain/profile/access-links.server";
import { findSessionParent } from "@kinderready/domain/profile/parent-sessions.server";
import { createRandomToken } from "@kinderready/domain/random-token";
import { startLoopbackGateway } from "@kinderready/gateway-simulator/loopback-gateway";
import { desc, eq, like, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApi, payFirstPayment, testAccessLinkSecret, testApiKey, testServices } from "../../test/test-api.ts";

// The profile through the API, against the simulator over loopback HTTP: the subscription's
// management, consent, sign-in links and the contact form, and deleting a parent's data with
// proof that no table of ours still holds their email or their child's name.

const headers = { "x-api-key": testApiKey };
const secret = testAccessLinkSecret;

describe.each(testDatabases())("profile API on $name", (target) => {
  let database: DbHandle;
  let app: FastifyInstance;
  let loopback: Awaited<ReturnType<typeof startLoopbackGateway>>;

  beforeAll(async () => {
    database = await openTestDatabase(target);
    await seedPriceCatalogue({ db: database.db });
    loopback = await startLoopbackGateway({ database, now: () => new Date() });
    app = await buildTestApi(database, testServices(database.db, { send: async () => null }, loopback.gateway));
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await loopback.close();
    await database.close();
  });

  const post = (url: string, payload: object) => app.inject({ method: "POST", url, headers, payload });
  const profile = async (token: string) => app.inject({ method: "GET", url: `/api/v1/profile/${token}`, headers });

  /** A parent who took the quiz (a child with a name found nowhere else) and paid the trial. */
  async function payingParent() {
    const token = createRandomToken();
    const kidName = `Kid${createRandomToken().replace(/[-_]/g, "x").slice(0, 12)}`;
    const email = `parent-${createRandomToken()
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "")}@example.com`;
    const registered = await post("/api/v1/onboarding", {
      kid: { name: kidName, years: { text: "5 years", value: 5 } },
      email,
      questions: [{ id: "ty", answer: "soon" }],
      topics: ["tantrums"],
      isForbiddenToMailing: false,
      user_token: token,
      purchasePathByFlow: "/purchase/",
      product: "kinderready",
      locale: "fr",
      country_code: "FR",
      tracking: { utmLabels: { utm_source: "facebook" }, fbAnalytics: { fbclid: "fb-click" }, organic: false },
    });
    expect(registered.statusCode).toBe(200);
    expect(await payFirstPayment(app, token, "4067429974719265", "fr")).toBe("approved");
    return { token, kidName, email };
  }

  it("shows the subscription, cancels with a reason, restores, and refuses a cancel without one", async () => {
    const parent = await payingParent();
    const shown = (await profile(parent.token)).json();
    expect(shown).toMatchObject({
      email: parent.email,
      childName: parent.kidName,
      subscription: { status: "trialing", cancelled_at: null, canCancel: true },
      consent: { mailing: true, adSharingOptOut: false },
      canDeleteData: false,
    });
    expect(shown.purchases).toHaveLength(1);
    expect(new Date(shown.subscription.expired_at).getTime()).toBeGreaterThan(Date.now() + 2 * 86_400_000);

    const noReason = await post("/api/v1/subscription/cancel", { user_token: parent.token });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain("body.reason");

    const cancelled = await post("/api/v1/subscription/cancel", {
      user_token: parent.token,
      reason: "other",
      comment: "We are moving abroad",
    });
    expect(cancelled.json()).toMatchObject({ status: "cancelled", canRestore: true, cancelReason: "other" });
    expect(cancelled.json().cancelled_at).not.toBeNull();

    const restored = await post("/api/v1/subscription/restore", { user_token: parent.token });
    expect(restored.json()).toMatchObject({ status: "trialing", cancelled_at: null, canRestore: false });
    const again = await post("/api/v1/subscription/restore", { user_token: parent.token });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain("Cannot restore subscription");
  });

  it("deletes a parent's data only once nothing renews, and leaves no trace of their email or child's name", async () => {
    const parent = await payingParent();
    const wrote = await post("/api/v1/support", {
      name: "Camille",
      email: parent.email,
      message: "Where is level two?",
    });
    expect(wrote.json()).toEqual({ ok: true });
    expect((await post("/api/v1/profile/access-link", { email: parent.email })).json()).toEqual({ ok: true });

    const refused = await post("/api/v1/user/delete", { user_token: parent.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain("Cancel the subscription");

    await post("/api/v1/subscription/cancel", { user_token: parent.token, reason: "high_price" });
    expect(await tablesHolding(parent.email)).toEqual(
      expect.arrayContaining(["public.users", "public.email_messages", "public.support_requests"]),
    );
    expect(await tablesHolding(parent.kidName)).toEqual(["public.users"]);
    // What analytics knows of them: a visit with an ad click id, and an event.
    const clickId = `IwAR-erase-${randomUUID()}`;
    const device = { cookie: "kr_device=device-erase-0123456789" };
    await app.inject({
      method: "POST",
      url: "/api/v1/analytics",
      headers: device,
      payload: { user_token: parent.token, locale: "en", fbclid: clickId },
    });
    await app.inject({
      method: "POST",
      url: "/api/v1/analytics/events",
      headers: device,
      payload: {
        user_token: parent.token,
        session_id: Date.now(),
        events: [{ event_id: clickId.slice(-36), name: "offer_viewed", time: Date.now() }],
      },
    });
    expect(await tablesHolding(clickId)).toEqual(["public.analytics_visits"]);
    expect(await tablesHolding(clickId.slice(-36))).toEqual(
      expect.arrayContaining(["public.analytics_events", "public.analytics_visits"]),
    );
    const [before] = await database.db.select({ id: users.id }).from(users).where(eq(users.token, parent.token));
    const erased = await post("/api/v1/user/delete", { user_token: parent.token });
    expect(erased.json()).toEqual({ confirmationSent: true });

    expect((await profile(parent.token)).statusCode).toBe(404);
    for (const needle of [parent.email, parent.kidName, clickId, clickId.slice(-36)]) {
      expect(await tablesHolding(needle)).toEqual([]);
    }
    const events = await database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.userId, before?.id ?? ""));
    expect(events).toEqual([]);
    // What accounting needs stays, with nobody's name on it.
    const [kept] = await database.db
      .select({ status: subscriptions.status, cardToken: subscriptions.cardToken, email: users.email })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .where(eq(users.id, before?.id ?? ""));
    expect(kept).toEqual({ status: "cancelled", cardToken: null, email: null });
    // The last email went out (to the local mail drop that stands in for the mail server).
    const confirmations = await database.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, parent.email));
    expect(confirmations).toHaveLength(1);
  });

  it("answers a sign-in link request the same for unknown addresses, and limits them per address", async () => {
    const unknown = await post("/api/v1/profile/access-link", { email: "nobody-here@example.com" });
    expect(unknown.json()).toEqual({ ok: true });
    const parent = await payingParent();
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await post("/api/v1/profile/access-link", { email: parent.email })).statusCode).toBe(200);
    }
    const limited = await post("/api/v1/profile/access-link", { email: parent.email });
    expect(limited.statusCode).toBe(429);
    const links = await database.db.select().from(emailMessages).where(like(emailMessages.kind, "access-link:%"));
    expect(links.filter((message) => message.recipient === parent.email)).toHaveLength(3);
  });

  it("keeps the parent's privacy choices, and reports no conversion for a parent who opted out", async () => {
    const parent = await payingParent();
    const saved = await app.inject({
      method: "PUT",
      url: `/api/v1/profile/${parent.token}/consent`,
      headers,
      payload: { mailing: false, adSharingOptOut: true },
    });
    expect(saved.json()).toEqual({ ok: true });
    expect((await profile(parent.token)).json().consent).toEqual({ mailing: false, adSharingOptOut: true });
    const bought = await post("/api/v1/solid/upsale", {
      email: parent.email,
      product: "kinderready",
      amount: 1499,
      currency: "EUR",
      recurring_type: "upsale",
      user_token: parent.token,
    });
    expect(bought.statusCode).toBe(200);
    const reported = await post("/api/v1/conversion/trigger-upsale", {
      user_token: parent.token,
      product: "kinderready",
    });
    expect(reported.json()).toMatchObject({ recorded: false });
  });

  it("signs in once with an emailed link, and not after it expires", async () => {
    const parent = await payingParent();
    const linkOf = async () => {
      expect((await post("/api/v1/profile/access-link", { email: parent.email })).statusCode).toBe(200);
      const [message] = await database.db
        .select({ kind: emailMessages.kind })
        .from(emailMessages)
        .where(like(emailMessages.kind, "access-link:%"))
        .orderBy(desc(emailMessages.createdAt))
        .limit(1);
      return accessCode(secret, (message?.kind ?? "").slice("access-link:".length));
    };
    const now = () => new Date();
    const code = await linkOf();
    const session = await signInWithAccessLink({ db: database.db, now }, { secret, code });
    // The session is the parent's, under an id of its own: never the user token.
    expect(session?.id).not.toBe(parent.token);
    const signedIn = await findSessionParent({ db: database.db, now }, { sessionId: session?.id });
    expect(signedIn).toMatchObject({ parent: { token: parent.token }, verified: true });
    expect(await signInWithAccessLink({ db: database.db, now }, { secret, code })).toBeUndefined();

    const later = () => new Date(Date.now() + 31 * 60_000);
    const stale = await linkOf();
    expect(await checkAccessLink({ db: database.db, now: later }, { secret, code: stale })).toBe(false);
    expect(await signInWithAccessLink({ db: database.db, now: later }, { secret, code: stale })).toBeUndefined();
  });

  it("validates the contact form, naming the field", async () => {
    const bad = await post("/api/v1/support", { name: "", email: "not-an-email", message: "Hi" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/body\.name.*body\.email.*body\.message/);
  });

  /** Every table of ours (not the gateway simulator's books, nor the mail drop) whose rows mention this text. */
  async function tablesHolding(needle: string): Promise<string[]> {
    const tables = (await database.db.execute(sql`
      select table_schema as schema, table_name as name from information_schema.tables
      where table_schema in ('public', 'pgboss') and table_type = 'BASE TABLE'
        and table_name not like 'gateway_simulator_%' and table_name <> 'email_outbox'`)) as unknown as {
      rows: { schema: string; name: string }[];
    };
    const found: string[] = [];
    for (const table of tables.rows) {
      const result = (await database.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table.schema)}.${sql.identifier(table.name)} t where t::text ilike ${`%${needle}%`}`,
      )) as unknown as { rows: { n: number }[] };
      if ((result.rows[0]?.n ?? 0) > 0) found.push(`${table.schema}.${table.name}`);
    }
    return found;
  }
});
