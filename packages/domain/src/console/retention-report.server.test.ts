import { testDatabases } from "@kinderready/db/test/test-databases";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BillingTestbed, openBillingTestbed } from "../../test/billing-testbed.server.ts";
import { insertTestParent } from "../../test/test-data.server.ts";
import type { EmailQueue } from "../email/email-queue.server.ts";
import { runDueRenewals } from "../payments/subscription-billing.server.ts";
import {
  type CancelFlowDeps,
  cancelAfterOffer,
  pauseInsteadOfCancelling,
  startCancelFlow,
} from "../profile/cancel-flow.server.ts";
import { resumeSubscriptionByParent } from "../profile/profile.server.ts";
import { cancellationNoticeSchema } from "../profile/profile-schema.ts";
import { receiveCancellation } from "../profile/receive-cancellation.server.ts";
import { getRetentionReport } from "./retention-report.server.ts";

// The retention report counts what the cancel flow, the pauses and the cancel page recorded:
// passes by reason and by answer, the renewal revenue a save kept, each step of a pause, and every
// cancellation by the way it came. Pauses begin and end under a clock the test moves; the ledger
// dates them by the database's clock, so the report reads today.

const day = 24 * 60 * 60 * 1000;
const today = new Date().toISOString().slice(0, 10);

describe.each(testDatabases())("the retention report on $name", (target) => {
  let testbed: BillingTestbed;
  let deps: CancelFlowDeps;
  let clock = new Date();
  const emails: EmailQueue = { send: (async () => null) as EmailQueue["send"] };

  beforeAll(async () => {
    testbed = await openBillingTestbed(target, () => clock);
    deps = { ...testbed.payments, emails, splits: testbed.splits };
  }, 60_000);
  afterAll(async () => {
    await testbed.close();
  });

  async function subscriber() {
    const parent = await insertTestParent(testbed.database.db);
    await testbed.subscribe(parent.id, "4067429974719265");
    return parent;
  }
  async function offered(token: string, reason: Parameters<typeof startCancelFlow>[1]["reason"]) {
    const step = await startCancelFlow(deps, { token, reason });
    if (!("save" in step)) throw new Error("expected an offer");
    return step.sessionId;
  }

  it("counts the passes, the saves and what they kept, the pauses and the cancellations", async () => {
    const empty = await getRetentionReport(testbed.database, { from: today, to: today });
    expect(empty).toEqual({
      byReason: [],
      byOffer: [],
      byExperimentGroup: [],
      pauses: { scheduled: 0, calledOff: 0, began: 0, resumed: 0, cancelledWhilePaused: 0 },
      cancellations: [],
    });

    // Paused, the pause begun at the trial's end, then resumed early.
    const paused = await subscriber();
    const pause = await offered(paused.token, "not_using_now");
    await pauseInsteadOfCancelling(deps, { token: paused.token, sessionId: pause, periods: 1 });
    // Paused and called off before it began.
    const wavering = await subscriber();
    const other = await offered(wavering.token, "other");
    await pauseInsteadOfCancelling(deps, { token: wavering.token, sessionId: other, periods: 2 });
    await resumeSubscriptionByParent(deps, { token: wavering.token });
    // Declined lifetime access and cancelled.
    const leaving = await subscriber();
    const price = await offered(leaving.token, "high_price");
    await cancelAfterOffer(deps, { token: leaving.token, sessionId: price });
    // Shown help and walked away.
    const stuck = await subscriber();
    await offered(stuck.token, "unable_to_get_content");
    // The cancel page, from an address nobody has.
    await receiveCancellation(
      { db: testbed.database.db, emails, now: () => clock },
      {
        notice: cancellationNoticeSchema.parse({ kind: "ordinary", email: "nobody-here@example.com" }),
        clientAddress: "198.51.100.9",
      },
    );

    clock = new Date(Date.now() + 3 * day + 60 * 60 * 1000);
    await runDueRenewals(deps);
    await resumeSubscriptionByParent(deps, { token: paused.token });

    const report = await getRetentionReport(testbed.database, { from: today, to: today });
    expect(report.byReason).toEqual([
      { reason: "high_price", passes: 1, saved: 0, cancelled: 1 },
      { reason: "not_using_now", passes: 1, saved: 1, cancelled: 0 },
      { reason: "other", passes: 1, saved: 1, cancelled: 0 },
      { reason: "unable_to_get_content", passes: 1, saved: 0, cancelled: 0 },
    ]);
    expect(report.byOffer).toEqual([
      { offer: "pause", currency: "USD", shown: 2, saved: 2, cancelled: 0, kept: 2 * 2999 },
      { offer: "help", currency: "USD", shown: 1, saved: 0, cancelled: 0, kept: 0 },
      { offer: "lifetime", currency: "USD", shown: 1, saved: 0, cancelled: 1, kept: 0 },
    ]);
    expect(report.pauses).toEqual({ scheduled: 2, calledOff: 1, began: 1, resumed: 1, cancelledWhilePaused: 0 });
    expect(report.cancellations).toEqual([
      { channel: "cancel-page", outcome: "no-subscription", requests: 1 },
      { channel: "profile", outcome: "cancelled", requests: 1 },
    ]);
    // Another range holds none of it.
    const yesterday = new Date(Date.now() - day).toISOString().slice(0, 10);
    expect((await getRetentionReport(testbed.database, { from: yesterday, to: yesterday })).byReason).toEqual([]);
  });
});
