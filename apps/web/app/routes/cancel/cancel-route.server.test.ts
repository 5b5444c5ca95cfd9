import { testServices } from "@kinderready/api/test/test-api";
import type { DbHandle } from "@kinderready/db/open-db";
import { cancellationRequests } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import type { AppServices } from "@kinderready/domain/app-services";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeTestConfig, routeTestContext } from "../../../test/route-context.ts";
import { type CancelActionResult, sendCancellation } from "./cancel-route.server.ts";

// The cancel page's form, posted as a browser without scripts posts it: a refusal names the
// field and gives back what was typed; an accepted notice answers when it was received, the same
// for any address.

const origin = "http://kit.test";
const config = routeTestConfig(origin);

describe.each(testDatabases())("the cancel page's form on $name", (target) => {
  let database: DbHandle;
  let services: AppServices;

  beforeAll(async () => {
    database = await openTestDatabase(target);
    services = testServices(database.db, { send: async () => null });
  }, 60_000);
  afterAll(async () => database.close());

  async function post(path: string, fields: Record<string, string>) {
    const answer = await sendCancellation({
      request: new Request(`${origin}${path}`, { method: "POST", body: new URLSearchParams(fields) }),
      url: new URL(`${origin}${path}`),
      context: routeTestContext({ config, services, clientAddress: "10.20.0.1" }),
    });
    // A refusal comes as data with a status; an acceptance as the plain result.
    const framed = answer as { data?: CancelActionResult; init?: ResponseInit | null };
    return framed.data
      ? { status: framed.init?.status ?? 200, result: framed.data }
      : { status: 200, result: answer as CancelActionResult };
  }

  it("refuses an extraordinary cancellation without its reason, naming the field and keeping what was typed", async () => {
    const { status, result } = await post("/cancel/", { email: "mum@example.com", kind: "extraordinary" });
    expect(status).toBe(400);
    expect(result).toMatchObject({
      ok: false,
      fields: { reason: true },
      values: { email: "mum@example.com", kind: "extraordinary" },
    });
  });

  it("refuses an address that is not one, and a missing choice of cancellation", async () => {
    const { status, result } = await post("/cancel/", { email: "not an address" });
    expect(status).toBe(400);
    expect(result).toMatchObject({ ok: false, fields: { email: true, kind: true } });
  });

  it("refuses an end date already past as the date's fault", async () => {
    const { status, result } = await post("/cancel/", {
      email: "dad@example.com",
      kind: "ordinary",
      end: "date",
      endDate: "2020-01-01",
    });
    expect(status).toBe(400);
    expect(result).toMatchObject({ ok: false, fields: { endDate: true }, errorKey: "legalCancel.endDatePast" });
  });

  it("receives a notice for any address and says when, in the page's language", async () => {
    const { status, result } = await post("/de/cancel/", { email: "Someone@Example.com", kind: "ordinary" });
    expect(status).toBe(200);
    expect(result).toMatchObject({ ok: true, email: "someone@example.com" });
    expect(result.ok && result.receivedAt).toMatch(/\d{4}/);
    const [request] = await database.db
      .select()
      .from(cancellationRequests)
      .where(eq(cancellationRequests.email, "someone@example.com"));
    expect(request).toMatchObject({ channel: "cancel-page", outcome: "no-subscription" });
  });
});
