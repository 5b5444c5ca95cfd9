import type { DbHandle } from "@kinderready/db/open-db";
import { auditLog, entitlements, orders, reviewStatuses, reviews, subscriptions } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import type { Locale } from "@kinderready/i18n/locales";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordFirstPayment } from "../../test/first-payment.server.ts";
import { insertTestParent } from "../../test/test-data.server.ts";
import { createOutboxSender } from "../adapters/mail-sender.server.ts";
import { createSolidgateGateway } from "../adapters/solidgate-gateway.server.ts";
import { AppError } from "../app-error.ts";
import { customerTarget } from "../console/customer-admin.server.ts";
import { createOperator } from "../console/operator-accounts.server.ts";
import type { PaymentDeps } from "../payments/orders.server.ts";
import { settleSubscriptionOrder } from "../payments/subscription-billing.server.ts";
import { seedPriceCatalogue } from "../pricing/price-config.server.ts";
import { eraseParentData } from "../profile/erase-parent-data.server.ts";
import {
  getReviewState,
  listApprovedReviews,
  listReviewsForModeration,
  moderateReview,
  moderationFilters,
  type ReviewDeps,
  reviewInvitation,
  submitReview,
} from "./reviews.server.ts";

// Parents' reviews on a real database: only a parent who paid writes one, writing again sends it
// back to moderation, operators' decisions are audited on the parent's record, a language shows
// reviews once it has three approved, and erasing the parent's data takes their review with it.

const day = 86_400_000;
const review = (text = "The tracing pages are a hit: she asks for one after breakfast.") => ({
  rating: 4,
  text,
  firstName: "Anna",
});

describe.each(testDatabases())("parents' reviews on $name", (target) => {
  let database: DbHandle;
  let deps: ReviewDeps;
  let payments: PaymentDeps;
  let operatorId = "";
  let clock = new Date();

  beforeAll(async () => {
    database = await openTestDatabase(target);
    await seedPriceCatalogue({ db: database.db });
    deps = { db: database.db, now: () => clock };
    payments = {
      db: database.db,
      // Nothing here calls the gateway: a first payment is reported as its webhook would.
      gateway: createSolidgateGateway({ publicKey: "pk", secretKey: "sk", payUrl: "http://127.0.0.1:9", pageUrl: "" }),
      gatewayName: "simulator",
      now: () => clock,
      onSettled: settleSubscriptionOrder({ now: () => clock }),
    };
    operatorId = (
      await createOperator(database, {
        email: `reviews-${target.name}@example.com`,
        password: "a long passphrase",
        createdBy: null,
      })
    ).id;
  }, 60_000);
  afterAll(async () => database.close());

  /** A parent who took the quiz (child of 5); with `paid`, their first payment went through. */
  async function parent({ paid = true, locale = "en" as Locale, isManualAccess = false } = {}) {
    const user = await insertTestParent(database.db, { kidAge: 5, locale, isManualAccess });
    if (paid) await recordFirstPayment(payments, user.id);
    return user;
  }

  const rowOf = async (userId: string) =>
    (await database.db.select().from(reviews).where(eq(reviews.userId, userId)))[0];

  async function failureOf(work: Promise<unknown>) {
    const error = await work.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
    return { code: error.code, field: error.field, messageKey: error.messageKey };
  }

  it("takes a review from a parent who paid, pending, with the child's age and the page's language", async () => {
    const buyer = await parent();
    const own = await submitReview(deps, { userToken: buyer.token, locale: "fr", review: review() });
    expect(own).toEqual({ ...review(), status: "pending" });
    expect(await rowOf(buyer.id)).toMatchObject({ locale: "fr", childAge: 5, status: "pending", moderatedAt: null });
  });

  it("refuses a parent who never paid, one given access by hand, and one whose payment was refunded", async () => {
    const quizOnly = await parent({ paid: false });
    const manual = await parent({ paid: false, isManualAccess: true });
    const refunded = await parent();
    await database.db.update(orders).set({ status: "refunded" }).where(eq(orders.userId, refunded.id));
    for (const who of [quizOnly, manual, refunded]) {
      expect(await failureOf(submitReview(deps, { userToken: who.token, locale: "en", review: review() }))).toEqual({
        code: "conflict",
        field: "token",
        messageKey: "reviews.errors.notBuyer",
      });
      expect(await rowOf(who.id)).toBeUndefined();
    }
  });

  it("refuses a text that is too short, naming the field", async () => {
    const buyer = await parent();
    expect(
      await failureOf(submitReview(deps, { userToken: buyer.token, locale: "en", review: review("Nice.") })),
    ).toEqual({ code: "invalid", field: "text", messageKey: "reviews.errors.text" });
  });

  it("replaces a parent's review when they write again, and sends it back to moderation", async () => {
    const buyer = await parent();
    await submitReview(deps, { userToken: buyer.token, locale: "en", review: review() });
    const first = await rowOf(buyer.id);
    await moderateReview(deps, {
      operatorId,
      reviewId: first?.id ?? "",
      decision: "approved",
      seen: first?.updatedAt ?? clock,
      now: clock,
    });
    expect((await rowOf(buyer.id))?.status).toBe("approved");

    clock = new Date(clock.getTime() + 60_000);
    await submitReview(deps, {
      userToken: buyer.token,
      locale: "en",
      review: { rating: 2, text: "Harder than we hoped for a four-year-old, honestly.", firstName: "Anna" },
    });
    const rows = await database.db.select().from(reviews).where(eq(reviews.userId, buyer.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: first?.id,
      rating: 2,
      status: "pending",
      moderatedAt: null,
      moderatedBy: null,
    });
  });

  it("audits approvals and rejections on the parent's record, and never decides a text the operator did not read", async () => {
    const buyer = await parent();
    await submitReview(deps, { userToken: buyer.token, locale: "en", review: review() });
    const written = await rowOf(buyer.id);
    const by = { operatorId, reviewId: written?.id ?? "", seen: written?.updatedAt ?? clock, now: clock };
    await moderateReview(deps, { ...by, decision: "approved" });
    // Deciding it again changes nothing and records nothing.
    await moderateReview(deps, { ...by, decision: "approved" });
    await moderateReview(deps, { ...by, decision: "rejected" });
    expect(await rowOf(buyer.id)).toMatchObject({ status: "rejected", moderatedBy: operatorId });
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, customerTarget(buyer.id)));
    expect(audit.map((entry) => [entry.operatorId, entry.action, entry.details])).toEqual([
      [operatorId, "review.approve", { reviewId: written?.id, rating: 4, locale: "en" }],
      [operatorId, "review.reject", { reviewId: written?.id, rating: 4, locale: "en" }],
    ]);

    // The parent rewrote it after the operator's page loaded: the old version is not the one decided.
    clock = new Date(clock.getTime() + 60_000);
    await submitReview(deps, { userToken: buyer.token, locale: "en", review: review() });
    expect(await failureOf(moderateReview(deps, { ...by, decision: "approved" }))).toEqual({
      code: "conflict",
      field: "reviewId",
      messageKey: "reviews.errors.changed",
    });
    expect(
      await failureOf(
        moderateReview(deps, { ...by, reviewId: "00000000-0000-4000-8000-000000000000", decision: "approved" }),
      ),
    ).toMatchObject({ code: "not-found", messageKey: "reviews.errors.noReview" });
  });

  it("lists reviews for moderation by status, waiting ones first, with the parent's email", async () => {
    const waiting = await parent();
    await submitReview(deps, { userToken: waiting.token, locale: "en", review: review() });
    const all = await listReviewsForModeration(deps, { filter: "all" });
    const firstDecided = all.findIndex((entry) => entry.status !== "pending");
    const lastPending = all.map((entry) => entry.status).lastIndexOf("pending");
    expect(firstDecided === -1 || lastPending < firstDecided).toBe(true);
    const pending = await listReviewsForModeration(deps, { filter: "pending" });
    expect(pending.every((entry) => entry.status === "pending")).toBe(true);
    expect(pending.find((entry) => entry.userId === waiting.id)).toMatchObject({
      email: waiting.email,
      firstName: "Anna",
      childAge: 5,
    });
  });

  it("shows a language's reviews only from its third approval on, newest first, at most six, any rating", async () => {
    const locale: Locale = "de";
    const approve = async (rating: number) => {
      const buyer = await parent();
      await submitReview(deps, {
        userToken: buyer.token,
        locale,
        review: { rating, text: `Bewertung mit ${rating} Sternen, ehrlich geschrieben.`, firstName: "Jonas" },
      });
      const row = await rowOf(buyer.id);
      clock = new Date(clock.getTime() + 60_000);
      await moderateReview(deps, {
        operatorId,
        reviewId: row?.id ?? "",
        decision: "approved",
        seen: row?.updatedAt ?? clock,
        now: clock,
      });
      return row?.id;
    };
    // A pending and a rejected review never count.
    const pending = await parent();
    await submitReview(deps, { userToken: pending.token, locale, review: review() });
    await approve(5);
    expect(await listApprovedReviews(deps, { locale })).toEqual([]);
    const second = await approve(1);
    expect(await listApprovedReviews(deps, { locale })).toEqual([]);
    const third = await approve(3);
    const shown = await listApprovedReviews(deps, { locale });
    expect(shown.map((entry) => entry.rating)).toEqual([3, 1, 5]);
    expect(shown[0]).toMatchObject({ id: third, firstName: "Jonas", childAge: 5 });
    expect(shown[1]?.id).toBe(second);
    // Another language has none of these.
    expect(await listApprovedReviews(deps, { locale: "pt" })).toEqual([]);
    for (const rating of [2, 4, 5, 1]) await approve(rating);
    expect((await listApprovedReviews(deps, { locale })).map((entry) => entry.rating)).toEqual([1, 5, 4, 2, 3, 1]);
  });

  it("asks a buyer on the printables page once they finished a level or paid a week ago, and shows what they wrote", async () => {
    const buyer = await parent();
    const ask = async (levelCompleted: boolean) =>
      reviewInvitation(await getReviewState(deps, { userId: buyer.id }), { levelCompleted, now: clock });
    expect(await ask(false)).toEqual({ ask: false, review: null });
    expect(await ask(true)).toEqual({ ask: true, review: null });
    await database.db
      .update(entitlements)
      .set({ createdAt: new Date(clock.getTime() - 7 * day) })
      .where(eq(entitlements.userId, buyer.id));
    expect((await ask(false)).ask).toBe(true);
    await submitReview(deps, { userToken: buyer.token, locale: "en", review: review() });
    expect((await ask(false)).review).toEqual({ ...review(), status: "pending" });

    const quizOnly = await parent({ paid: false });
    expect(
      reviewInvitation(await getReviewState(deps, { userId: quizOnly.id }), { levelCompleted: true, now: clock }),
    ).toEqual({
      ask: false,
      review: null,
    });
  });

  it("deletes the parent's review, published or not, when they erase their data", async () => {
    const buyer = await parent();
    await submitReview(deps, { userToken: buyer.token, locale: "en", review: review() });
    const row = await rowOf(buyer.id);
    await moderateReview(deps, {
      operatorId,
      reviewId: row?.id ?? "",
      decision: "approved",
      seen: row?.updatedAt ?? clock,
      now: clock,
    });
    // Erasure waits for renewals to stop.
    await database.db.update(subscriptions).set({ status: "cancelled" }).where(eq(subscriptions.userId, buyer.id));
    await eraseParentData(
      {
        db: database.db,
        sender: createOutboxSender({ db: database.db }, "hello@example.com"),
        supportEmail: "s@example.com",
        now: () => clock,
      },
      { token: buyer.token },
    );
    expect(await rowOf(buyer.id)).toBeUndefined();
  });
});

describe("moderation filters", () => {
  it("are every review status the schema declares, then all", () => {
    expect(moderationFilters).toEqual([...reviewStatuses, "all"]);
  });
});
