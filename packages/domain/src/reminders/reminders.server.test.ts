import { emailMessages, offerStates, subscriptions, type users } from "@kinderready/db/schema";
import { testDatabases } from "@kinderready/db/test/test-databases";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type BillingTestbed, openBillingTestbed } from "../../test/billing-testbed.server.ts";
import { linkTargets } from "../../test/email-links.ts";
import { type MailTestbed, openMailTestbed } from "../../test/mail-testbed.server.ts";
import { insertTestParent } from "../../test/test-data.server.ts";
import { queueReminders } from "./reminders.server.ts";

// The marketing reminders under a clock the test moves: a parent who reached the offer and did
// not pay hears an hour and a day after its countdown ran out, the second at least most of a day
// after the first and never once they subscribed; one whose kit closed a week ago hears once;
// nobody who does not allow mail, and nothing for an old visit.

const hour = 60 * 60 * 1000;
const day = 24 * hour;
const start = new Date("2026-12-07T08:00:00Z");
let clock = start;
const at = (ms: number) => {
  clock = new Date(start.getTime() + ms);
};

describe.each(testDatabases())("reminders on $name", (target) => {
  let testbed: BillingTestbed;
  let mailbox: MailTestbed;

  beforeAll(async () => {
    testbed = await openBillingTestbed(target, () => clock);
    mailbox = openMailTestbed(testbed.database.db, () => clock, {
      renderPdf: async () => Buffer.from("%PDF-1.7 the child's page"),
    });
  }, 60_000);
  afterAll(async () => {
    await testbed.close();
  });
  beforeEach(() => {
    clock = start;
    mailbox.enqueued.length = 0;
  });

  const db = () => testbed.database.db;
  /** A parent whose offer countdown ran out `ago` before `start`. */
  async function lead(ago: number, values: Partial<typeof users.$inferInsert> = {}) {
    const parent = await insertTestParent(db(), { kidName: "Noa", topics: ["listening"], ...values });
    await db()
      .insert(offerStates)
      .values({ userId: parent.id, offerDeadlineAt: new Date(start.getTime() - ago) });
    return parent;
  }
  const kindsOf = async (userId: string) =>
    (await db().select().from(emailMessages).where(eq(emailMessages.userId, userId))).map((message) => message.kind);

  it("reminds a parent who did not pay twice, a day apart, with one of their child's pages the first time", async () => {
    const parent = await lead(2 * hour);
    const refused = await lead(2 * hour, { isForbiddenToMailing: true });
    const unconfirmed = await lead(2 * hour, { mailingOptInCountry: true });
    const stale = await lead(10 * day);
    const early = await lead(10 * 60 * 1000);

    await queueReminders({ db: db(), emails: mailbox.emails, now: () => clock });
    await queueReminders({ db: db(), emails: mailbox.emails, now: () => clock });
    expect(await kindsOf(parent.id)).toEqual(["checkout-abandoned:1"]);
    for (const nobody of [refused, unconfirmed, stale, early]) expect(await kindsOf(nobody.id)).toEqual([]);
    const [first] = await mailbox.delivered(parent.email ?? "");
    expect(first?.subject).toBe("The kit for Noa is ready when you are");
    expect(first?.text).toContain("We've attached one of the pages, ready to print.");
    expect(linkTargets(first?.text ?? "")).toContain(`/purchase/?token=${parent.token}&offer=1`);
    expect(first?.text).toMatch(/unsubscribe/i);

    // A day later: the second, once; the early one gets its first.
    at(day);
    await queueReminders({ db: db(), emails: mailbox.emails, now: () => clock });
    await queueReminders({ db: db(), emails: mailbox.emails, now: () => clock });
    expect(await kindsOf(parent.id)).toEqual(["checkout-abandoned:1", "checkout-abandoned:2"]);
    expect(await kindsOf(early.id)).toEqual(["checkout-abandoned:1"]);
    const second = (await mailbox.delivered(parent.email ?? "")).at(-1);
    expect(second?.subject).toBe("Still thinking about the kit for Noa?");
  });

  it("sends nothing to a parent who subscribed, even a reminder already queued", async () => {
    const parent = await lead(2 * hour);
    await queueReminders({ db: db(), emails: mailbox.emails, now: () => clock });
    expect(await kindsOf(parent.id)).toEqual(["checkout-abandoned:1"]);
    await testbed.subscribe(parent.id, "4067429974719265");
    expect(await mailbox.delivered(parent.email ?? "")).toEqual([]);
    at(day);
    await queueReminders({ db: db(), emails: mailbox.emails, now: () => clock });
    expect(await kindsOf(parent.id)).toEqual(["checkout-abandoned:1"]);
  });

  it("wins back a parent once, a week after the kit closed, and not after they came back", async () => {
    const lapsed = await insertTestParent(db());
    await testbed.subscribe(lapsed.id, "4067429974719265");
    const longGone = await insertTestParent(db());
    await testbed.subscribe(longGone.id, "4067429974719265");
    await db()
      .update(subscriptions)
      .set({ status: "expired", currentPeriodEnd: new Date(start.getTime() - 8 * day) })
      .where(eq(subscriptions.userId, lapsed.id));
    await db()
      .update(subscriptions)
      .set({ status: "expired", currentPeriodEnd: new Date(start.getTime() - 40 * day) })
      .where(eq(subscriptions.userId, longGone.id));

    await queueReminders({ db: db(), emails: mailbox.emails, now: () => clock });
    await queueReminders({ db: db(), emails: mailbox.emails, now: () => clock });
    const [subscription] = await db().select().from(subscriptions).where(eq(subscriptions.userId, lapsed.id));
    expect(await kindsOf(lapsed.id)).toEqual([`win-back:${subscription?.id}`]);
    expect(await kindsOf(longGone.id)).toEqual([]);
    const [winBack] = await mailbox.delivered(lapsed.email ?? "");
    expect(winBack?.subject).toBe("The next level for your child is waiting");
    expect(winBack?.text).toContain("renew in a minute with the card on file");

    at(day);
    await queueReminders({ db: db(), emails: mailbox.emails, now: () => clock });
    expect(await kindsOf(lapsed.id)).toHaveLength(1);
  });
});
