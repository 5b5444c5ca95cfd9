import type { DbHandle } from "@kinderready/db/open-db";
import { auditLog } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../app-error.ts";
import { changeExchangeRates, getExchangeRates } from "./exchange-rates.server.ts";
import { createOperator } from "./operator-accounts.server.ts";

const now = new Date("2026-11-02T10:00:00Z");

describe.each(testDatabases())("exchange rates on $name", (target) => {
  let database: DbHandle;
  let operatorId = "";

  beforeAll(async () => {
    database = await openTestDatabase(target);
    operatorId = (
      await createOperator(database, { email: "rates@example.com", password: "a long passphrase", createdBy: null })
    ).id;
  }, 60_000);
  afterAll(() => database.close());

  const change = (typed: { base: string; date: string; rates: Record<string, string> }) =>
    changeExchangeRates(database, { operatorId, change: typed, now });

  it("has no rates until the operator sets them", async () => {
    expect(await getExchangeRates(database)).toBeNull();
  });

  it("stores the rates as typed, drops the base's own and an empty one, and audits the change", async () => {
    const saved = await change({ base: "EUR", date: "2026-11-01", rates: { USD: "1,08", EUR: "1", GBP: "" } });
    expect(saved).toEqual({ base: "EUR", date: "2026-11-01", rates: { USD: 1.08 } });
    expect(await getExchangeRates(database)).toEqual(saved);

    await change({ base: "EUR", date: "2026-11-02", rates: { USD: "1.09", GBP: "0.86" } });
    const audits = await database.db.select().from(auditLog).where(eq(auditLog.action, "exchange_rates.change"));
    expect(audits.map((entry) => entry.details)).toEqual([
      { before: null, after: saved },
      { before: saved, after: { base: "EUR", date: "2026-11-02", rates: { USD: 1.09, GBP: 0.86 } } },
    ]);
  });

  it.each([
    [{ base: "JPY", date: "2026-11-01", rates: {} }, "base"],
    [{ base: "USD", date: "1 November", rates: {} }, "date"],
    [{ base: "USD", date: "9999-12-31", rates: {} }, "date"],
    [{ base: "USD", date: "1900-01-01", rates: {} }, "date"],
    [{ base: "USD", date: "2026-02-30", rates: {} }, "date"],
    [{ base: "USD", date: "2026-11-01", rates: { EUR: "0" } }, "rates"],
    [{ base: "USD", date: "2026-11-01", rates: { EUR: "-1" } }, "rates"],
    [{ base: "USD", date: "2026-11-01", rates: { GBP: "about 0.8" } }, "rates"],
  ])("refuses %j on its field (%s) and keeps the rates in force", async (typed, field) => {
    const before = await getExchangeRates(database);
    const failure = await change(typed).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ field, messageKey: `revenue.errors.${field}` });
    expect(await getExchangeRates(database)).toEqual(before);
  });
});
