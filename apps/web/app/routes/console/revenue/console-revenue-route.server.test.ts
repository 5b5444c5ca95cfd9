import { testServices } from "@kinderready/api/test/test-api";
import type { DbHandle } from "@kinderready/db/open-db";
import { auditLog, ledgerEntries } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import type { SignedInOperator } from "@kinderready/domain/console/operator-accounts.server";
import { insertTestParent } from "@kinderready/domain/test/test-data.server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleRouteContext, signedInTestOperator } from "../../../../test/console-operator.ts";
import { routeTestConfig } from "../../../../test/route-context.ts";
import { handleConsoleRevenueAction, loadConsoleRevenue } from "./console-revenue-route.server.ts";

// The revenue page through its loader and action, below the console's middleware: money in two
// currencies has one total only once the operator has set the rates, which the page states; the
// rates form needs the session's CSRF token, refuses a rate that is not one, and is audited.

const origin = "http://kit.test";
const config = routeTestConfig(origin);

describe.each(testDatabases())("the console's revenue page on $name", (target) => {
  let database: DbHandle;
  let operator: SignedInOperator;
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    database = await openTestDatabase(target);
    operator = await signedInTestOperator(database.db, "money@kit.test");
    // Charges booked today: 10.80 USD, 20.00 EUR and a refund of 5.00 EUR.
    const parent = await insertTestParent(database.db);
    await database.db.insert(ledgerEntries).values([
      { userId: parent.id, orderId: "usd-1", type: "charge", amount: 1_080, currency: "USD" },
      { userId: parent.id, orderId: "eur-1", type: "charge", amount: 2_000, currency: "EUR" },
      { userId: parent.id, orderId: "eur-1", type: "refund", amount: -500, currency: "EUR" },
    ]);
  }, 60_000);
  afterAll(async () => database.close());

  function context() {
    return consoleRouteContext({ config, services: testServices(database.db, { send: async () => null }), operator });
  }

  const load = async () => {
    const url = new URL(`${origin}/admin/revenue/?from=${today}&to=${today}`);
    const loaded = await loadConsoleRevenue({
      request: new Request(url),
      context: context(),
      url,
      params: {},
      pattern: "",
    });
    if (!("totals" in loaded) || !loaded.totals) throw new Error("no report");
    return loaded;
  };
  const post = async (fields: Record<string, string>) => {
    const url = new URL(`${origin}/admin/revenue/`);
    const answer = await handleConsoleRevenueAction({
      request: new Request(url, { method: "POST", headers: { origin }, body: new URLSearchParams(fields) }),
      context: context(),
      url,
      params: {},
      pattern: "",
    });
    const wrapped = answer as { data: unknown; init: ResponseInit | null };
    return { status: wrapped.init?.status ?? 200, body: wrapped.data };
  };

  it("has no total across currencies until rates are set, and names the missing ones", async () => {
    const loaded = await load();
    expect(loaded.rates).toBeNull();
    expect(loaded.totals.net).toEqual({ ok: false, missing: ["EUR", "USD"] });
    expect(loaded.days).toEqual([today]);
  });

  it("saves the operator's rates with the session's token, audited, and totals at them", async () => {
    const fields = { csrf: operator.csrfToken, intent: "rates", base: "EUR", date: "2026-11-01" };
    expect(await post({ ...fields, rate_USD: "1.08", rate_GBP: "" })).toEqual({ status: 200, body: { ok: true } });
    const loaded = await load();
    expect(loaded.rates).toEqual({ base: "EUR", date: "2026-11-01", rates: { USD: 1.08 } });
    // 15.00 EUR net + 10.80 USD / 1.08 = 25.00 EUR.
    expect(loaded.totals.net).toEqual({ ok: true, currency: "EUR", amount: 2_500 });
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.action, "exchange_rates.change"));
    expect(audit.map((entry) => entry.operatorId)).toEqual([operator.id]);
  });

  it("refuses rates without the session's token, and a rate that is not a number", async () => {
    const thrown = await post({ intent: "rates", base: "EUR", date: "2026-11-02", rate_USD: "2" }).catch(
      (error: unknown) => error,
    );
    expect((thrown as { init?: ResponseInit }).init?.status).toBe(403);
    expect(
      await post({ csrf: operator.csrfToken, intent: "rates", base: "EUR", date: "2026-11-02", rate_USD: "1.1 USD" }),
    ).toEqual({ status: 400, body: { ok: false, field: "rates", messageKey: "revenue.errors.rates" } });
    expect((await load()).rates).toEqual({ base: "EUR", date: "2026-11-01", rates: { USD: 1.08 } });
  });
});
