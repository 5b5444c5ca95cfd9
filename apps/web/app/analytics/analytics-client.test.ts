import { describe, expect, it } from "vitest";
import { AnalyticsClient, type AnalyticsDeps, analyticsDefaults } from "./analytics-client.ts";

function setup(overrides: Partial<AnalyticsDeps> = {}) {
  let clock = 1_700_000_000_000;
  let ids = 0;
  let saved: string | null = null;
  const pending = { value: null as string | null };
  const posted: { events: { event_id: string }[]; session_id: number; user_properties?: object }[] = [];
  const beaconed: string[] = [];
  let postOk = true;
  const client = new AnalyticsClient({
    now: () => clock,
    identity: () => ({
      userToken: undefined,
      userProperties: { "intro-offer": "B" },
    }),
    sessionStore: {
      read: () => saved,
      write: (value) => {
        saved = value;
      },
    },
    post: async (body) => {
      if (postOk) posted.push(JSON.parse(body));
      return postOk;
    },
    beacon: (body) => beaconed.push(body) > 0,
    pendingStore: {
      read: () => pending.value,
      write: (value) => {
        pending.value = value;
      },
    },
    newEventId: () => `00000000-0000-4000-8000-${String(ids++).padStart(12, "0")}`,
    page: () => "/onboarding/",
    ...overrides,
  });
  return {
    client,
    pending,
    posted,
    beaconed,
    advance: (ms: number) => {
      clock += ms;
    },
    failPosts: (fail: boolean) => {
      postOk = !fail;
    },
  };
}

describe("analytics client", () => {
  it("holds events until 30 are queued, then sends them with the split groups", async () => {
    const { client, posted } = setup();
    for (let i = 0; i < analyticsDefaults.flushThreshold - 1; i += 1) client.track("quiz_step_viewed", { step: i });
    await Promise.resolve();
    expect(posted).toEqual([]);
    client.track("quiz_step_answered");
    await new Promise((resolve) => setTimeout(resolve));
    expect(posted).toHaveLength(1);
    expect(posted[0]?.events).toHaveLength(30);
    expect(posted[0]?.user_properties).toEqual({ "intro-offer": "B" });
    expect(client.queued).toBe(0);
  });

  it("sends at most 100 events a batch and keeps what did not arrive", async () => {
    const { client, posted, failPosts } = setup();
    failPosts(true);
    for (let i = 0; i < 250; i += 1) client.track("page_viewed");
    await client.flush();
    expect(client.queued).toBe(250);
    failPosts(false);
    await client.flush();
    expect(posted.map((batch) => batch.events.length)).toEqual([100, 100, 50]);
    expect(new Set(posted.flatMap((batch) => batch.events.map((event) => event.event_id))).size).toBe(250);
  });

  it("keeps the session for 30 minutes of activity and starts a new one after 30 minutes of silence", () => {
    const { client, advance } = setup();
    const first = client.sessionId();
    advance(analyticsDefaults.sessionTimeoutMs - 1);
    expect(client.sessionId()).toBe(first);
    advance(analyticsDefaults.sessionTimeoutMs - 1);
    expect(client.sessionId()).toBe(first);
    advance(analyticsDefaults.sessionTimeoutMs);
    expect(client.sessionId()).not.toBe(first);
  });

  it("hands the queue to the browser when the page is hidden", () => {
    const { client, beaconed } = setup();
    for (let i = 0; i < 120; i += 1) client.track("offer_viewed");
    client.flushOnHide();
    expect(beaconed.map((body) => JSON.parse(body).events.length)).toEqual([100, 20]);
    expect(client.queued).toBe(0);
  });

  it("sends again on the next page what it handed to a beacon, which may never have arrived", async () => {
    const first = setup();
    for (let i = 0; i < 3; i += 1) first.client.track("upsell_viewed");
    first.client.flushOnHide();
    const handed = JSON.parse(first.beaconed[0] ?? "{}").events.map((event: { event_id: string }) => event.event_id);
    expect(handed).toHaveLength(3);
    // The next page (a new client on the same storage) posts them again, and forgets them once posted.
    const next = setup({
      pendingStore: {
        read: () => first.pending.value,
        write: (value) => {
          first.pending.value = value;
        },
      },
    });
    await new Promise((resolve) => setTimeout(resolve));
    expect(next.posted.flatMap((batch) => batch.events.map((event) => event.event_id))).toEqual(handed);
    expect(JSON.parse(first.pending.value ?? "null")).toEqual([]);
    expect(next.client.queued).toBe(0);
  });

  it("keeps what a server shedding load refused for the next page too", async () => {
    const { client, pending, failPosts, beaconed } = setup({ beacon: () => false });
    failPosts(true);
    client.track("checkout_started");
    await client.flush();
    client.flushOnHide();
    expect(beaconed).toEqual([]);
    expect(JSON.parse(pending.value ?? "[]").map((event: { name: string }) => event.name)).toEqual([
      "checkout_started",
    ]);
  });

  it("drops the oldest events beyond 1000 kept offline", () => {
    const { client } = setup({ post: async () => false });
    for (let i = 0; i < 1200; i += 1) client.track("page_viewed");
    expect(client.queued).toBe(analyticsDefaults.maxQueued);
  });
});
