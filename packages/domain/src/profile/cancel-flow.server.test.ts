import { cancelFlowSessions, emailMessages, orders, splitExposures, subscriptions } from "@kinderready/db/schema";
import { testDatabases } from "@kinderready/db/test/test-databases";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type BillingTestbed, openBillingTestbed } from "../../test/billing-testbed.server.ts";
import { type MailTestbed, openMailTestbed } from "../../test/mail-testbed.server.ts";
import { insertTestParent } from "../../test/test-data.server.ts";
import { getRetentionReport } from "../console/retention-report.server.ts";
import { defaultSplits, introOfferSplit, saveOfferSplit } from "../experiments/split-tests.ts";
import { queueChargeNotices } from "../payments/charge-notices.server.ts";
import { runDueRenewals } from "../payments/subscription-billing.server.ts";
import { createRandomToken } from "../random-token.ts";
import { hasAccess } from "../subscriptions/subscription-state.ts";
import {
  buyLifetimeInsteadOfCancelling,
  type CancelFlowDeps,
  cancelAfterOffer,
  keepAfterHelp,
  pauseInsteadOfCancelling,
  startCancelFlow,
} from "./cancel-flow.server.ts";
import { eraseParentData } from "./erase-parent-data.server.ts";
import { getProfile, resumeSubscriptionByParent } from "./profile.server.ts";

// The signed-in cancel flow through whole lives, under a clock the tests move: each reason meets
// the answer that fits it, once, and every pass is recorded with how it ended; a pause takes no
// charge and closes the kit from the end of the period paid for, reminds three days before
// billing resumes, then charges exactly once; resuming early charges at once; cancelling while
// paused ends at once; pauses are limited.

const hour = 60 * 60 * 1000;
const day = 24 * hour;
const start = new Date("2026-11-22T10:00:00Z");
let clock = start;
const at = (ms: number) => {
  clock = new Date(start.getTime() + ms);
};
const approvingCard = "4067429974719265";

describe.each(testDatabases())("the cancel flow and pauses on $name", (target) => {
  let testbed: BillingTestbed;
  let deps: CancelFlowDeps;
  let mailbox: MailTestbed;

  beforeAll(async () => {
    testbed = await openBillingTestbed(target, () => clock);
    mailbox = openMailTestbed(testbed.database.db, () => clock);
    deps = { ...testbed.payments, emails: mailbox.emails, splits: testbed.splits };
  }, 60_000);
  afterAll(async () => {
    await testbed.close();
  });
  beforeEach(() => {
    clock = start;
    mailbox.enqueued.length = 0;
  });

  const db = () => testbed.database.db;
  /** A parent in a 3-day paid trial, from `start`. */
  async function subscriber() {
    const email = `${createRandomToken().toLowerCase()}@example.com`;
    const parent = await insertTestParent(db(), { email });
    await testbed.subscribe(parent.id, approvingCard);
    return { ...parent, email };
  }
  const subscriptionOf = async (userId: string) => {
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.userId, userId));
    if (!row) throw new Error("no subscription");
    return row;
  };
  const renewalsOf = (userId: string) =>
    db()
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.purpose, "renewal")));
  const kindsOf = async (userId: string) =>
    (await db().select().from(emailMessages).where(eq(emailMessages.userId, userId))).map(
      (message) => message.kind.split(":")[0],
    );
  const sessionsOf = (userId: string) =>
    db().select().from(cancelFlowSessions).where(eq(cancelFlowSessions.userId, userId));
  /** The billing job: notices first, then the run. */
  const billingRun = async () => {
    await queueChargeNotices({ db: db(), emails: mailbox.emails, now: () => clock });
    await runDueRenewals(deps);
  };

  it("pauses a parent not using the kit: no charge and the kit closed from the trial's end, a reminder, then one charge", async () => {
    const parent = await subscriber();
    at(1 * day);
    const step = await startCancelFlow(deps, { token: parent.token, reason: "not_using_now" });
    if (!("save" in step) || step.save.offer !== "pause")
      throw new Error(`expected a pause, got ${JSON.stringify(step)}`);
    const trialEnd = new Date(start.getTime() + 3 * day);
    expect(step.save.choices).toEqual([
      { periods: 1, from: trialEnd.toISOString(), resumesAt: new Date(trialEnd.getTime() + 30 * day).toISOString() },
      { periods: 2, from: trialEnd.toISOString(), resumesAt: new Date(trialEnd.getTime() + 60 * day).toISOString() },
    ]);
    const decided = await pauseInsteadOfCancelling(deps, {
      token: parent.token,
      sessionId: step.sessionId,
      periods: 2,
    });
    const resumesAt = new Date(trialEnd.getTime() + 60 * day);
    expect(decided).toMatchObject({
      status: "trialing",
      pause: { from: trialEnd.toISOString(), resumes_at: resumesAt.toISOString() },
    });
    expect(await sessionsOf(parent.id)).toMatchObject([
      { reason: "not_using_now", offer: "pause", outcome: "saved", savedBy: "pause:2" },
    ]);
    const [started] = await mailbox.delivered(parent.email);
    expect(started?.subject).toBe(
      `Your KinderReady subscription is paused until ${resumesAt.toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" })}`,
    );
    expect(started?.text).toContain("nothing is charged");
    // A second answer to the same pass changes nothing.
    await expect(cancelAfterOffer(deps, { token: parent.token, sessionId: step.sessionId })).rejects.toMatchObject({
      code: "not-found",
    });

    // Before the trial's end: the kit is open, and no notice of a first charge that will not come.
    at(2 * day);
    await billingRun();
    expect(await kindsOf(parent.id)).not.toContain("trial-ending");
    expect(hasAccess(await subscriptionOf(parent.id), clock)).toBe(true);

    // At the trial's end the pause begins: nothing charged, the kit closed, the profile says until when.
    at(3 * day + hour);
    await billingRun();
    const paused = await subscriptionOf(parent.id);
    expect(paused).toMatchObject({ status: "paused", currentPeriodEnd: resumesAt, nextAttemptAt: resumesAt });
    expect(hasAccess(paused, clock)).toBe(false);
    expect(await renewalsOf(parent.id)).toEqual([]);
    expect((await getProfile(deps, { token: parent.token })).subscription).toMatchObject({
      status: "paused",
      expired_at: resumesAt.toISOString(),
      canCancel: true,
    });

    // Three days before billing resumes: the reminder with the amount and the date, once.
    at(3 * day + 60 * day - 71 * hour);
    await billingRun();
    await billingRun();
    expect((await kindsOf(parent.id)).filter((kind) => kind === "pause-ending")).toHaveLength(1);
    const reminder = (await mailbox.delivered(parent.email)).at(-1);
    expect(reminder?.subject).toContain("Your pause ends on");
    expect(reminder?.text).toContain("$29.99");
    expect(await renewalsOf(parent.id)).toEqual([]);

    // Billing resumes: one charge, the kit open again, the period running from that day.
    at(3 * day + 60 * day + hour);
    await billingRun();
    await billingRun();
    const renewals = await renewalsOf(parent.id);
    expect(renewals.map((order) => [order.status, order.amount])).toEqual([["approved", 2999]]);
    const resumed = await subscriptionOf(parent.id);
    expect(resumed).toMatchObject({
      status: "active",
      currentPeriodEnd: new Date(resumesAt.getTime() + 30 * day),
      pauseFrom: null,
      resumesAt: null,
    });
    expect(hasAccess(resumed, clock)).toBe(true);
  });

  it("resumes early: a pause not begun is dropped, one under way ends with a charge now", async () => {
    const parent = await subscriber();
    const pause = async () => {
      const step = await startCancelFlow(deps, { token: parent.token, reason: "other", comment: "Travelling" });
      if (!("save" in step)) throw new Error("expected an offer");
      await pauseInsteadOfCancelling(deps, { token: parent.token, sessionId: step.sessionId, periods: 1 });
    };
    await pause();
    expect((await sessionsOf(parent.id))[0]).toMatchObject({
      reason: "other",
      comment: "Travelling",
      outcome: "saved",
    });
    const dropped = await resumeSubscriptionByParent(deps, { token: parent.token });
    expect(dropped).toMatchObject({ status: "trialing", pause: null });

    await pause();
    at(3 * day + hour);
    await billingRun();
    expect((await subscriptionOf(parent.id)).status).toBe("paused");
    at(10 * day);
    const resumed = await resumeSubscriptionByParent(deps, { token: parent.token });
    expect(resumed).toMatchObject({ status: "active", pause: null });
    const renewals = await renewalsOf(parent.id);
    expect(renewals.map((order) => order.status)).toEqual(["approved"]);
    const active = await subscriptionOf(parent.id);
    expect(active.currentPeriodEnd).toEqual(new Date(clock.getTime() + 30 * day));
    expect(hasAccess(active, clock)).toBe(true);
    // Nothing left to resume.
    await expect(resumeSubscriptionByParent(deps, { token: parent.token })).rejects.toMatchObject({ code: "conflict" });
  });

  it("ends a paused subscription at once when cancelled", async () => {
    const parent = await subscriber();
    const step = await startCancelFlow(deps, { token: parent.token, reason: "not_using_now" });
    if (!("save" in step)) throw new Error("expected an offer");
    await pauseInsteadOfCancelling(deps, { token: parent.token, sessionId: step.sessionId, periods: 1 });
    at(3 * day + hour);
    await billingRun();
    expect((await subscriptionOf(parent.id)).status).toBe("paused");

    // Paused, there is no pause left to offer: the reason cancels at once, and it ends now.
    at(5 * day);
    expect(await startCancelFlow(deps, { token: parent.token, reason: "not_using_now" })).toMatchObject({
      cancelled: { status: "cancelled" },
    });
    const cancelled = await subscriptionOf(parent.id);
    expect(cancelled).toMatchObject({ status: "cancelled", currentPeriodEnd: clock, pauseFrom: null, resumesAt: null });
    expect(hasAccess(cancelled, clock)).toBe(false);
    expect((await sessionsOf(parent.id)).map((session) => [session.offer, session.outcome])).toEqual([
      ["pause", "saved"],
      ["none", "cancelled"],
    ]);
    expect(await kindsOf(parent.id)).toContain("cancellation-confirmed");
    at(90 * day);
    await billingRun();
    expect(await renewalsOf(parent.id)).toEqual([]);
  });

  it("offers no third pause in a year, not counting one called off before it began", async () => {
    const parent = await subscriber();
    const pass = () => startCancelFlow(deps, { token: parent.token, reason: "not_using_now" });
    const pause = async () => {
      const step = await pass();
      if (!("save" in step)) throw new Error(`expected a pause, got ${JSON.stringify(step)}`);
      await pauseInsteadOfCancelling(deps, { token: parent.token, sessionId: step.sessionId, periods: 1 });
    };
    await pause();
    await resumeSubscriptionByParent(deps, { token: parent.token });
    // Two pauses taken, each resumed early: from the trial's end to day 10, from day 40 to day 45.
    await pause();
    at(3 * day + hour);
    await billingRun();
    at(10 * day);
    await resumeSubscriptionByParent(deps, { token: parent.token });
    await pause();
    at(40 * day + hour);
    await billingRun();
    at(45 * day);
    await resumeSubscriptionByParent(deps, { token: parent.token });
    expect((await subscriptionOf(parent.id)).status).toBe("active");

    // No pause left this year: the reason cancels at once, at the end of the period paid for.
    at(46 * day);
    expect(await pass()).toMatchObject({
      cancelled: { status: "cancelled", expired_at: new Date(start.getTime() + 75 * day).toISOString() },
    });
    expect((await sessionsOf(parent.id)).map((session) => session.offer)).toEqual(["pause", "pause", "pause", "none"]);
    expect((await renewalsOf(parent.id)).map((order) => order.status)).toEqual(["approved", "approved"]);
  });

  it("meets each reason with its answer: help for getting in, lifetime access for the price; declining cancels", async () => {
    const helped = await subscriber();
    const help = await startCancelFlow(deps, { token: helped.token, reason: "unable_to_get_app_access" });
    expect(help).toMatchObject({ save: { offer: "help" } });
    if (!("save" in help)) throw new Error("expected an offer");
    expect(await keepAfterHelp(deps, { token: helped.token, sessionId: help.sessionId })).toMatchObject({
      status: "trialing",
    });

    const declined = await subscriber();
    const content = await startCancelFlow(deps, { token: declined.token, reason: "unable_to_get_content" });
    if (!("save" in content)) throw new Error("expected an offer");
    expect(await cancelAfterOffer(deps, { token: declined.token, sessionId: content.sessionId })).toMatchObject({
      status: "cancelled",
    });
    expect((await subscriptionOf(declined.id)).cancelReason).toBe("unable_to_get_content");

    const thrifty = await subscriber();
    const price = await startCancelFlow(deps, { token: thrifty.token, reason: "high_price" });
    expect(price).toMatchObject({ save: { offer: "lifetime", price: 29.99, currency: "USD" } });
    if (!("save" in price)) throw new Error("expected an offer");
    // Another parent cannot answer this pass.
    const inGermany = { countryCode: "de", immediateAccessConsent: true };
    await expect(
      buyLifetimeInsteadOfCancelling(deps, { ...inGermany, token: helped.token, sessionId: price.sessionId }),
    ).rejects.toMatchObject({ code: "not-found" });
    // Where the right of withdrawal applies, the box asking for access at once must be ticked.
    await expect(
      buyLifetimeInsteadOfCancelling(deps, {
        ...inGermany,
        immediateAccessConsent: false,
        token: thrifty.token,
        sessionId: price.sessionId,
      }),
    ).rejects.toMatchObject({ code: "invalid", field: "immediate_access" });
    expect(
      await buyLifetimeInsteadOfCancelling(deps, { ...inGermany, token: thrifty.token, sessionId: price.sessionId }),
    ).toEqual({ status: "approved" });
    expect(await subscriptionOf(thrifty.id)).toMatchObject({ status: "lifetime", nextAttemptAt: null });
    at(40 * day);
    await billingRun();
    expect(await renewalsOf(thrifty.id)).toEqual([]);
    const lifetime = (await db().select().from(orders).where(eq(orders.userId, thrifty.id))).filter(
      (o) => o.purpose === "lifetime",
    );
    expect(lifetime).toHaveLength(1);
    // The consent is on the order, for its receipt to confirm.
    expect(lifetime[0]?.immediateAccessConsentAt).toBeInstanceOf(Date);

    expect((await sessionsOf(helped.id)).map((s) => [s.offer, s.outcome, s.savedBy])).toEqual([
      ["help", "saved", "help"],
    ]);
    expect((await sessionsOf(thrifty.id)).map((s) => [s.offer, s.outcome, s.savedBy])).toEqual([
      ["lifetime", "saved", "lifetime"],
    ]);
  });

  it("tries the save-offer experiment's answer to a high price first while it runs, and counts passes by group", async () => {
    // Everyone new in the pause group: the control (lifetime) takes nobody while its weight is 0.
    await testbed.splits.replace([
      introOfferSplit,
      {
        ...saveOfferSplit,
        groups: [
          { name: "lifetime", weight: 0 },
          { name: "pause", weight: 1 },
        ],
      },
    ]);
    try {
      const thrifty = await subscriber();
      const price = await startCancelFlow(deps, { token: thrifty.token, reason: "high_price" });
      expect(price).toMatchObject({ save: { offer: "pause" } });
      // Other reasons are not in the experiment.
      const away = await subscriber();
      await startCancelFlow(deps, { token: away.token, reason: "not_using_now" });
      const passes = await db()
        .select()
        .from(cancelFlowSessions)
        .where(inArray(cancelFlowSessions.userId, [thrifty.id, away.id]));
      expect(passes.map((pass) => [pass.reason, pass.offer, pass.experimentGroup]).sort()).toEqual([
        ["high_price", "pause", "pause"],
        ["not_using_now", "pause", null],
      ]);
      const [exposure] = await db().select().from(splitExposures).where(eq(splitExposures.userId, thrifty.id));
      expect(exposure).toMatchObject({ splitName: saveOfferSplit.name, group: "pause" });
      const day = start.toISOString().slice(0, 10);
      const report = await getRetentionReport({ db: db() }, { from: day, to: day });
      expect(report.byExperimentGroup).toContainEqual({
        group: "pause",
        offer: "pause",
        passes: expect.any(Number),
        saved: expect.any(Number),
        cancelled: expect.any(Number),
      });
    } finally {
      await testbed.splits.replace([...defaultSplits]);
    }
  });

  it("keeps a pass in the figures after the parent erases their data, without their words", async () => {
    const parent = await subscriber();
    const step = await startCancelFlow(deps, { token: parent.token, reason: "other", comment: "Moving to Lisbon" });
    if (!("save" in step)) throw new Error("expected an offer");
    await cancelAfterOffer(deps, { token: parent.token, sessionId: step.sessionId });
    expect((await subscriptionOf(parent.id)).cancelComment).toBe("Moving to Lisbon");
    await eraseParentData(
      { db: db(), sender: mailbox.mail.sender, supportEmail: "help@example.com", now: () => clock },
      parent,
    );
    const [kept] = await db().select().from(cancelFlowSessions).where(eq(cancelFlowSessions.id, step.sessionId));
    expect(kept).toMatchObject({ reason: "other", offer: "pause", outcome: "cancelled", comment: null, userId: null });
  });
});
