import { testServices } from "@kinderready/api/test/test-api";
import type { DbHandle } from "@kinderready/db/open-db";
import { auditLog, reviews } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { customerTarget } from "@kinderready/domain/console/customer-admin.server";
import type { SignedInOperator } from "@kinderready/domain/console/operator-accounts.server";
import { insertTestParent } from "@kinderready/domain/test/test-data.server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleRouteContext, signedInTestOperator } from "../../../../test/console-operator.ts";
import { routeTestConfig } from "../../../../test/route-context.ts";
import { handleConsoleReviewsAction, loadConsoleReviews } from "./console-reviews-route.server.ts";

// The console's reviews page through its loader and action, below the console's middleware (the
// operator in the context): waiting reviews by default, approve and reject with the session's
// CSRF token, audited on the parent's record; a review rewritten since the page loaded is refused.

const origin = "http://kit.test";
const config = routeTestConfig(origin);

describe.each(testDatabases())("the console's reviews page on $name", (target) => {
  let database: DbHandle;
  let operator: SignedInOperator;

  beforeAll(async () => {
    database = await openTestDatabase(target);
    operator = await signedInTestOperator(database.db, "moderator@kit.test");
  }, 60_000);
  afterAll(async () => database.close());

  /** The context the console's middleware leaves: the request's services and the signed-in operator. */
  function context() {
    return consoleRouteContext({ config, services: testServices(database.db, { send: async () => null }), operator });
  }

  /** A review as a parent's page stores it (the domain's rules are tested with the domain). */
  async function writtenReview(status: "pending" | "approved" = "pending") {
    const parent = await insertTestParent(database.db);
    const [row] = await database.db
      .insert(reviews)
      .values({
        userId: parent.id,
        locale: "de",
        rating: 2,
        text: "Für unser Kind war es noch etwas zu früh.",
        firstName: "Jonas",
        childAge: 3,
        status,
        updatedAt: new Date(),
      })
      .returning();
    if (!row) throw new Error("no review");
    return { parent, row };
  }

  const list = async (query = "") => {
    const loaded = await loadConsoleReviews({
      request: new Request(`${origin}/admin/reviews/${query}`),
      context: context(),
      url: new URL(`${origin}/admin/reviews/${query}`),
      params: {},
      pattern: "",
    });
    return loaded;
  };
  const post = async (fields: Record<string, string>) => {
    const answer = await handleConsoleReviewsAction({
      request: new Request(`${origin}/admin/reviews/`, {
        method: "POST",
        headers: { origin },
        body: new URLSearchParams(fields),
      }),
      context: context(),
      url: new URL(`${origin}/admin/reviews/`),
      params: {},
      pattern: "",
    });
    const wrapped = answer as { data: unknown; init: ResponseInit | null };
    return { status: wrapped.init?.status ?? 200, body: wrapped.data };
  };

  it("lists the waiting reviews unless another status is asked for", async () => {
    const waiting = await writtenReview();
    const approved = await writtenReview("approved");
    const pending = await list();
    expect(pending.filter).toBe("pending");
    expect(pending.reviews.map((entry) => entry.id)).toContain(waiting.row.id);
    expect(pending.reviews.map((entry) => entry.id)).not.toContain(approved.row.id);
    expect(pending.reviews.find((entry) => entry.id === waiting.row.id)).toMatchObject({
      email: waiting.parent.email,
      rating: 2,
      childAge: 3,
      locale: "de",
    });
    expect((await list("?status=approved")).reviews.map((entry) => entry.id)).toContain(approved.row.id);
    expect((await list("?status=nonsense")).filter).toBe("pending");
  });

  it("approves and rejects with the session's token, each audited on the parent's record", async () => {
    const { parent, row } = await writtenReview();
    const fields = { csrf: operator.csrfToken, reviewId: row.id, seen: row.updatedAt.toISOString() };
    expect(await post({ ...fields, intent: "approve" })).toEqual({
      status: 200,
      body: { ok: true, intent: "approve" },
    });
    expect(await post({ ...fields, intent: "reject" })).toEqual({ status: 200, body: { ok: true, intent: "reject" } });
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, customerTarget(parent.id)));
    expect(audit.map((entry) => [entry.operatorId, entry.action])).toEqual([
      [operator.id, "review.approve"],
      [operator.id, "review.reject"],
    ]);
    const [stored] = await database.db.select().from(reviews).where(eq(reviews.id, row.id));
    expect(stored?.status).toBe("rejected");
  });

  it("refuses a change without the session's token, and a review rewritten since the page loaded", async () => {
    const { row } = await writtenReview();
    const thrown = await post({ intent: "approve", reviewId: row.id, seen: row.updatedAt.toISOString() }).catch(
      (error: unknown) => error,
    );
    expect((thrown as { init?: ResponseInit }).init?.status).toBe(403);

    const earlier = new Date(row.updatedAt.getTime() - 60_000).toISOString();
    expect(await post({ csrf: operator.csrfToken, intent: "approve", reviewId: row.id, seen: earlier })).toEqual({
      status: 409,
      body: { ok: false, field: "reviewId", messageKey: "reviews.errors.changed" },
    });
    expect(await post({ csrf: operator.csrfToken, intent: "publish", reviewId: row.id, seen: earlier })).toEqual({
      status: 400,
      body: { ok: false, field: "intent", messageKey: "reviews.errors.invalid" },
    });
    const [stored] = await database.db.select().from(reviews).where(eq(reviews.id, row.id));
    expect(stored?.status).toBe("pending");
  });
});
