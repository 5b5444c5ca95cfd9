import { testServices } from "@kinderready/api/test/test-api";
import type { DbHandle } from "@kinderready/db/open-db";
import {
  cancelFlowSessions,
  emailMessages,
  orders,
  parentSessions,
  subscriptions,
  users,
} from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import type { AppServices } from "@kinderready/domain/app-services";
import { accessCode } from "@kinderready/domain/email/access-code.server";
import { parseEmailKind } from "@kinderready/domain/email/email-kinds";
import { seedPriceCatalogue } from "@kinderready/domain/pricing/price-config.server";
import { startParentSession } from "@kinderready/domain/profile/parent-sessions.server";
import { recordFirstPayment } from "@kinderready/domain/test/first-payment.server";
import { insertTestParent } from "@kinderready/domain/test/test-data.server";
import { startLoopbackGateway } from "@kinderready/gateway-simulator/loopback-gateway";
import { and, desc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeTestConfig, routeTestContext } from "../../../test/route-context.ts";
import { handleProfileAction, loadProfile } from "./profile-route.server.ts";

// Who is signed in on a device, through the profile page's loader and actions: only a sign-in
// the server checked (an emailed one-time link) starts a session; a link with the user token
// shows a page but signs nobody in; signing out, signing in again and deleting the data end
// sessions for good; the cookie is never the user token.

const origin = "http://kit.test";
const config = routeTestConfig(origin);

describe.each(testDatabases())("parent sessions on the profile page on $name", (target) => {
  let database: DbHandle;
  let services: AppServices;
  let loopback: Awaited<ReturnType<typeof startLoopbackGateway>>;
  let client = 0;

  beforeAll(async () => {
    database = await openTestDatabase(target);
    loopback = await startLoopbackGateway({ database, now: () => new Date() });
    services = testServices(database.db, { send: async () => null }, loopback.gateway);
    await seedPriceCatalogue({ db: database.db });
  }, 60_000);
  afterAll(async () => {
    await loopback.close();
    await database.close();
  });

  function context() {
    client += 1;
    return routeTestContext({ config, services, clientAddress: `10.9.${Math.floor(client / 250)}.${client % 250}` });
  }
  const cookieHeader = (session: string | undefined): Record<string, string> =>
    session ? { cookie: `kr_session=${session}` } : {};

  const open = (path: string, session?: string) =>
    loadProfile({
      request: new Request(`${origin}${path}`, { headers: cookieHeader(session) }),
      url: new URL(`${origin}${path}`),
      context: context(),
    });
  const post = (fields: Record<string, string>, session?: string) =>
    handleProfileAction({
      request: new Request(`${origin}/profile/`, {
        method: "POST",
        headers: cookieHeader(session),
        body: new URLSearchParams(fields),
      }),
      url: new URL(`${origin}/profile/`),
      context: context(),
    });

  /** The Set-Cookie an answer carries (a Response, or data with headers), if any. */
  function setCookie(answer: unknown): string | null {
    if (answer instanceof Response) return answer.headers.get("set-cookie");
    const init = (answer as { init?: ResponseInit | null } | undefined)?.init;
    return new Headers(init?.headers).get("set-cookie");
  }
  /** The session id an answer sets; "" when it ends the session; undefined when it leaves it alone. */
  function sessionSet(answer: unknown): string | undefined {
    const header = setCookie(answer);
    return header === null ? undefined : (/^kr_session=([^;]*);/.exec(header)?.[1] ?? undefined);
  }
  async function state(path: string, session?: string) {
    const answer = await open(path, session);
    return (answer as { data?: { state?: string } }).data?.state;
  }

  /** A parent who finished the quiz; the sign-in form keeps addresses in lower case, as the quiz does. */
  async function quizParent() {
    const parent = await insertTestParent(database.db);
    const email = (parent.email ?? "").toLowerCase();
    await database.db.update(users).set({ email }).where(eq(users.id, parent.id));
    return { ...parent, email };
  }

  /** Asks for a sign-in link as the page does, and answers the code the email would carry. */
  async function emailedCode(email: string) {
    await post({ intent: "request-link", email });
    const [message] = await database.db
      .select({ kind: emailMessages.kind })
      .from(emailMessages)
      .where(like(emailMessages.kind, "access-link:%"))
      .orderBy(desc(emailMessages.createdAt))
      .limit(1);
    return accessCode(services.account.accessLinkSecret, parseEmailKind(message?.kind ?? "")?.args[0] ?? "");
  }
  /** Signs in with an emailed link, on a device holding `session` (or none): the new session id. */
  async function signIn(email: string, session?: string) {
    const answer = await post({ intent: "sign-in", code: await emailedCode(email) }, session);
    const id = sessionSet(answer);
    if (!id) throw new Error("no session started");
    return id;
  }

  it("a link with the user token shows the page but signs nobody in, nor anyone out", async () => {
    const parent = await quizParent();
    const linked = await open(`/profile/?token=${parent.token}&lang=en`);
    expect(linked).toBeInstanceOf(Response);
    expect((linked as Response).headers.get("location")).toBe("/profile/?lang=en");
    expect(setCookie(linked)).toBeNull();
    expect(await state("/profile/")).toBe("signed-out");

    // Signed in as somebody else on this device: the link neither replaces nor ends that session.
    const other = await quizParent();
    const session = await signIn(other.email);
    expect(setCookie(await open(`/profile/?token=${parent.token}`, session))).toBeNull();
    const shown = (await open("/profile/", session)) as { data: { profile?: { email: string | null } } };
    expect(shown.data.profile?.email).toBe(other.email);
  });

  it("the user token is no session, and a session id is never the user token", async () => {
    const parent = await quizParent();
    expect(await state("/profile/", parent.token)).toBe("signed-out");
    const session = await signIn(parent.email);
    expect(session).not.toBe(parent.token);
    expect(session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await state("/profile/", session)).toBe("signed-in");
    // The database keeps only a digest of the id.
    const rows = await database.db.select().from(parentSessions).where(eq(parentSessions.userId, parent.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.idHash).not.toContain(session);
  });

  it("signing in again gives a new session id and ends the one the device held", async () => {
    const parent = await quizParent();
    const first = await signIn(parent.email);
    const second = await signIn(parent.email, first);
    expect(second).not.toBe(first);
    expect(await state("/profile/", second)).toBe("signed-in");
    expect(await state("/profile/", first)).toBe("signed-out");
  });

  it("signing out ends the session for every copy of the cookie", async () => {
    const parent = await quizParent();
    const session = await signIn(parent.email);
    const copy = session;
    const out = await post({ intent: "sign-out" }, session);
    expect(sessionSet(out)).toBe("");
    expect(await state("/profile/", copy)).toBe("signed-out");
    // A post with the old cookie is refused as signed out.
    const refused = await post({ intent: "consent", mailing: "on" }, copy);
    expect((refused as { data: { errorKey: string } }).data.errorKey).toBe("profile.errors.signedOut");
  });

  it("deleting the data ends the parent's sessions on every device", async () => {
    const parent = await quizParent();
    const phone = await signIn(parent.email);
    const laptop = await signIn(parent.email);
    const deleted = await post({ intent: "delete", confirm: "yes" }, phone);
    expect(sessionSet(deleted)).toBe("");
    expect(await state("/profile/", laptop)).toBe("signed-out");
    const rows = await database.db.select().from(parentSessions).where(eq(parentSessions.userId, parent.id));
    expect(rows).toEqual([]);
  });

  it("a device that only typed the email (unverified) sees the sign-in panel and changes nothing", async () => {
    const parent = await quizParent();
    const typed = await startParentSession(services.account, { userId: parent.id, verified: false });
    const shown = (await open("/profile/", typed.id)) as { data: { state: string; confirmDevice: boolean } };
    expect(shown.data).toMatchObject({ state: "signed-out", confirmDevice: true });
    // The cookie stays: the device still knows the parent for their pages.
    expect(setCookie(await open("/profile/", typed.id))).toBeNull();
    for (const fields of [
      { intent: "consent", mailing: "on" } as Record<string, string>,
      { intent: "cancel", reason: "high_price" },
      { intent: "cancel-reason", reason: "not_using_now" },
      { intent: "pause", session: "00000000-0000-4000-8000-000000000000", periods: "1" },
      { intent: "lifetime", session: "00000000-0000-4000-8000-000000000000" },
      { intent: "resume" },
      { intent: "renew" },
      { intent: "another-card" },
      { intent: "delete", confirm: "yes" },
      { intent: "sign-out-others" },
    ]) {
      const refused = (await post(fields, typed.id)) as { data: { errorKey: string }; init: { status: number } };
      expect(refused.init.status, fields.intent).toBe(401);
      expect(refused.data.errorKey).toBe("profile.errors.signedOut");
    }
    const [row] = await database.db.select().from(users).where(eq(users.id, parent.id));
    expect(row?.erasedAt).toBeNull();
    // The emailed link verifies this device.
    expect(await state("/profile/", await signIn(parent.email, typed.id))).toBe("signed-in");
  });

  it("signs the parent out on every other device and says so, keeping this one", async () => {
    const parent = await quizParent();
    const here = await signIn(parent.email);
    const lostPhone = await signIn(parent.email);
    const out = await post({ intent: "sign-out-others" }, here);
    expect(out).toBeInstanceOf(Response);
    expect((out as Response).headers.get("location")).toBe("/profile/?others=signed-out");
    expect(await state("/profile/", lostPhone)).toBe("signed-out");
    const shown = (await open("/profile/?others=signed-out", here)) as { data: { othersSignedOut: boolean } };
    expect(shown.data.othersSignedOut).toBe(true);
  });

  it("walks the cancel flow's answers as plain forms: the reason's offer, the pause, then resuming", async () => {
    const parent = await quizParent();
    await recordFirstPayment(services.payments, parent.id);
    await database.db.update(subscriptions).set({ cardToken: "tok_test" }).where(eq(subscriptions.userId, parent.id));
    const here = await signIn(parent.email);

    const refused = (await post({ intent: "cancel-reason" }, here)) as {
      data: { field: string };
      init: { status: number };
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.field).toBe("reason");

    const offered = (await post({ intent: "cancel-reason", reason: "not_using_now" }, here)) as {
      intent: string;
      session: string;
      save: { offer: string; choices: unknown[] };
    };
    expect(offered).toMatchObject({ intent: "cancel-reason", ok: true, save: { offer: "pause" } });
    expect(offered.save.choices).toHaveLength(2);
    // A session that is not a pass of this flow, or a length not offered, changes nothing.
    const strange = (await post({ intent: "pause", session: "not-a-session", periods: "1" }, here)) as {
      data: { field: string };
      init: { status: number };
    };
    expect(strange.init.status).toBe(400);
    expect(strange.data.field).toBe("session");
    expect(
      ((await post({ intent: "pause", session: offered.session, periods: "3" }, here)) as { init: { status: number } })
        .init.status,
    ).toBe(400);

    const paused = await post({ intent: "pause", session: offered.session, periods: "2" }, here);
    expect(paused).toMatchObject({
      intent: "pause",
      ok: true,
      subscription: { pause: { resumes_at: expect.any(String) } },
    });
    const [session] = await database.db
      .select()
      .from(cancelFlowSessions)
      .where(eq(cancelFlowSessions.userId, parent.id));
    expect(session).toMatchObject({ outcome: "saved", savedBy: "pause:2" });

    expect(await post({ intent: "resume" }, here)).toMatchObject({
      intent: "resume",
      ok: true,
      subscription: { pause: null },
    });
    const again = (await post({ intent: "resume" }, here)) as { data: { errorKey: string }; init: { status: number } };
    expect(again.init.status).toBe(409);
    expect(again.data.errorKey).toBe("profile.errors.cannotResume");
  });

  it("sends a signed-in parent whose renewal was declined to the gateway's page, and shows how it went on return", async () => {
    const parent = await quizParent();
    await recordFirstPayment(services.payments, parent.id);
    await database.db
      .update(subscriptions)
      .set({ status: "past_due", failedRenewals: 1, cardToken: "tok_test" })
      .where(eq(subscriptions.userId, parent.id));
    const here = await signIn(parent.email);

    const sent = await post({ intent: "another-card" }, here);
    expect(sent).toBeInstanceOf(Response);
    const page = new URL((sent as Response).headers.get("location") ?? "");
    expect(`${page.origin}/api/v1`).toBe(loopback.payUrl);
    expect(page.pathname).toMatch(/^\/pay\/[0-9a-f]{32}$/);

    const [order] = await database.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, parent.id), eq(orders.purpose, "renewal")));
    expect(order).toMatchObject({ viaPaymentPage: true, status: "created" });
    // Back before paying: not known yet, and someone else's order id shows nothing.
    const back = (await open(`/profile/subscription/?order_id=${order?.orderId}`, here)) as {
      data: { anotherCard: unknown; profile: { subscription: { canPayWithAnotherCard: boolean } } };
    };
    expect(back.data.anotherCard).toEqual({ status: "pending", errorCode: null });
    expect(back.data.profile.subscription.canPayWithAnotherCard).toBe(true);
    const stranger = await signIn((await quizParent()).email);
    const foreign = (await open(`/profile/subscription/?order_id=${order?.orderId}`, stranger)) as {
      data: { anotherCard: unknown };
    };
    expect(foreign.data.anotherCard).toBeNull();
  });

  it("refuses to pay with another card when nothing is overdue, naming the subscription", async () => {
    const parent = await quizParent();
    await recordFirstPayment(services.payments, parent.id);
    const refused = (await post({ intent: "another-card" }, await signIn(parent.email))) as {
      data: { errorKey: string; field: string };
      init: { status: number };
    };
    expect(refused.init.status).toBe(409);
    expect(refused.data).toMatchObject({ errorKey: "profile.errors.nothingOverdue", field: "subscription" });
  });
});
