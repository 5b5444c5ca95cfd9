import type { DbHandle } from "@kinderready/db/open-db";
import { emailMessages, emailOutbox, entitlements, users } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkTargets } from "../../test/email-links.ts";
import { recordFirstPayment } from "../../test/first-payment.server.ts";
import { insertTestParent, insertTestReview } from "../../test/test-data.server.ts";
import { createOutboxSender } from "../adapters/mail-sender.server.ts";
import { createSolidgateGateway } from "../adapters/solidgate-gateway.server.ts";
import { emailKind } from "../email/email-kinds.ts";
import { deliverEmail, type EmailDeps } from "../email/email-queue.server.ts";
import { settleSubscriptionOrder } from "../payments/subscription-billing.server.ts";
import { seedPriceCatalogue } from "../pricing/price-config.server.ts";
import { queueReviewRequests } from "./review-requests.server.ts";

// The daily review request: one email, ever, to each parent who paid a week ago or more, has not
// reviewed, still has their data and allows mail (confirmed, where the law asks for opt-in); it
// links to the review card on their printables page.

const day = 86_400_000;

describe.each(testDatabases())("review requests on $name", (target) => {
  let database: DbHandle;
  const now = new Date();
  const enqueued: string[] = [];
  const emails = {
    send: async (...args: unknown[]) => {
      enqueued.push((args[1] as { messageId: string }).messageId);
      return null;
    },
  };

  beforeAll(async () => {
    database = await openTestDatabase(target);
    await seedPriceCatalogue({ db: database.db });
  }, 60_000);
  afterAll(async () => database.close());

  /** A parent as the quiz left them, who paid `paidDaysAgo` days ago (never, when null). */
  async function parent(paidDaysAgo: number | null, changes: Partial<typeof users.$inferInsert> = {}) {
    const user = await insertTestParent(database.db, { kidName: "Mia", locale: "fr", ...changes });
    if (paidDaysAgo !== null) {
      await recordFirstPayment(
        {
          db: database.db,
          gateway: createSolidgateGateway({
            publicKey: "pk",
            secretKey: "sk",
            payUrl: "http://127.0.0.1:9",
            pageUrl: "",
          }),
          gatewayName: "simulator",
          now: () => now,
          onSettled: settleSubscriptionOrder({ now: () => now }),
        },
        user.id,
      );
      await database.db
        .update(entitlements)
        .set({ createdAt: new Date(now.getTime() - paidDaysAgo * day) })
        .where(eq(entitlements.userId, user.id));
    }
    return user;
  }

  const requestsTo = (userIds: string[]) =>
    database.db
      .select({ userId: emailMessages.userId, id: emailMessages.id })
      .from(emailMessages)
      .where(and(inArray(emailMessages.userId, userIds), eq(emailMessages.kind, emailKind("review-request"))));

  it("asks each parent who paid a week ago once, and nobody else", async () => {
    const due = await parent(8);
    const justDue = await parent(7);
    const optedInAndConfirmed = await parent(9, { mailingOptInCountry: true, emailConfirmedAt: now });
    const tooSoon = await parent(5);
    const neverPaid = await parent(null, { isManualAccess: true });
    const noMail = await parent(8, { isForbiddenToMailing: true });
    const unconfirmedOptIn = await parent(8, { mailingOptInCountry: true });
    const erased = await parent(8, { erasedAt: now, email: null });
    const reviewed = await parent(8);
    await insertTestReview(database.db, { userId: reviewed.id, locale: "fr" });
    const everyone = [
      due,
      justDue,
      optedInAndConfirmed,
      tooSoon,
      neverPaid,
      noMail,
      unconfirmedOptIn,
      erased,
      reviewed,
    ];
    const ids = everyone.map((user) => user.id);

    const queued = await queueReviewRequests({ db: database.db, emails, now: () => now });
    const asked = await requestsTo(ids);
    expect(asked.map((row) => row.userId).sort()).toEqual([due.id, justDue.id, optedInAndConfirmed.id].sort());
    expect(queued).toBe(3);
    expect(enqueued).toEqual(expect.arrayContaining(asked.map((row) => row.id)));

    // The next day's run asks nobody again, even after one changed their email address.
    await database.db
      .update(users)
      .set({ email: `new-${due.email}` })
      .where(eq(users.id, due.id));
    await queueReviewRequests({ db: database.db, emails, now: () => new Date(now.getTime() + day) });
    expect(await requestsTo(ids)).toHaveLength(3);
  });

  it("sends a link to the review card of the parent's printables page, in their language", async () => {
    const due = await parent(10);
    await queueReviewRequests({ db: database.db, emails, now: () => now });
    const [request] = await requestsTo([due.id]);
    // Only what this email needs: the welcome email's worksheet drawing is not called for it.
    const deps = {
      db: database.db,
      sender: createOutboxSender({ db: database.db }, "KinderReady <hello@example.com>"),
      appUrl: "https://kinderready.test",
      supportEmail: "help@example.com",
      accessLinkSecret: "a-test-secret-of-enough-length-000000",
    } as EmailDeps;
    expect(await deliverEmail(deps, request?.id ?? "")).toBe("sent");
    const [mail] = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.recipient, due.email ?? ""));
    expect(mail?.subject).toBe("Comment se passe le kit de Mia\u00a0?");
    expect(linkTargets(mail?.text ?? "")).toContain(`/fr/printables/?token=${due.token}#review`);
  });

  it("does not send a queued request to a parent who has since forbidden mail", async () => {
    const due = await parent(10);
    await queueReviewRequests({ db: database.db, emails, now: () => now });
    const [request] = await requestsTo([due.id]);
    await database.db.update(users).set({ isForbiddenToMailing: true }).where(eq(users.id, due.id));
    const deps = {
      db: database.db,
      sender: createOutboxSender({ db: database.db }, "KinderReady <hello@example.com>"),
      appUrl: "https://kinderready.test",
      supportEmail: "help@example.com",
      accessLinkSecret: "a-test-secret-of-enough-length-000000",
    } as EmailDeps;
    expect(await deliverEmail(deps, request?.id ?? "")).toBe("skipped");
  });
});
