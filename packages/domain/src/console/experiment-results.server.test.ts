import { randomUUID } from "node:crypto";
import { createLogger } from "@kinderready/config/logger";
import type { DbHandle } from "@kinderready/db/open-db";
import {
  auditLog,
  funnelVisitors,
  ledgerEntries,
  orders,
  settings,
  splitExposures,
  splitPhases,
  users,
} from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededPlan } from "../../test/price-plans.ts";
import { createSplitConfig, type SplitConfig } from "../experiments/split-config.server.ts";
import { firstPhaseId } from "../experiments/split-phases.server.ts";
import { splitsSettingKey } from "../experiments/split-queries.server.ts";
import type { SplitDefinition } from "../experiments/split-tests.ts";
import { seedPriceCatalogue } from "../pricing/price-config.server.ts";
import { setSplitControl, setSplitWeights } from "./experiment-admin.server.ts";
import { type ExperimentSegment, getExperimentResults } from "./experiment-results.server.ts";
import { createOperator } from "./operator-accounts.server.ts";

// Exposures, orders and ledger rows are written with their times, so phases, purchases after
// exposure and trials that ended can be placed exactly; the configuration changes go through the
// console's use cases, which write the phases.

const day = 86_400_000;

describe.each(testDatabases())("experiment results on $name", (target) => {
  let database: DbHandle;
  let splits: SplitConfig;
  let operatorId: string;
  const results = (split: string, extra: { phase?: string; segment?: ExperimentSegment } = {}) =>
    getExperimentResults({ db: database.db, splits }, { split, ...extra });

  /** Parents (country, locale) exposed to `split` in `group` at `at`. */
  async function expose(
    split: string,
    group: string,
    at: Date,
    howMany: number,
    parent: { country?: string | null; locale?: string } = {},
  ): Promise<string[]> {
    const rows = await database.db
      .insert(users)
      .values(
        Array.from({ length: howMany }, () => ({
          token: randomUUID(),
          product: "kinderready",
          locale: parent.locale ?? "en",
          countryCode: parent.country === undefined ? "us" : parent.country,
          flow: "copy_1",
          purchasePath: "/offer1/",
          marketingContactId: randomUUID(),
        })),
      )
      .returning({ id: users.id });
    await database.db
      .insert(splitExposures)
      .values(rows.map((row) => ({ userId: row.id, splitName: split, group, exposedAt: at })));
    return rows.map((row) => row.id);
  }

  /** A paid order (a sale) with its ledger charge; `refunded` adds the refund. */
  async function sell(
    userId: string,
    purpose: "subscription" | "renewal" | "upsale",
    at: Date,
    { currency = "USD", refunded = false }: { currency?: string; refunded?: boolean } = {},
  ) {
    const plan = await seededPlan(database.db, purpose === "upsale" ? "upsale" : "subscription", { currency });
    const amount = purpose === "renewal" ? (plan.renewalAmount ?? plan.amount) : plan.amount;
    const orderId = randomUUID();
    await database.db.insert(orders).values({
      orderId,
      userId,
      purpose,
      idempotencyKey: `${purpose}:${orderId}`,
      pricePlanId: plan.id,
      amount,
      currency,
      gateway: "simulator",
      status: refunded ? "refunded" : "approved",
      createdAt: at,
    });
    await database.db
      .insert(ledgerEntries)
      .values([
        { userId, orderId, type: "charge", amount, currency, createdAt: at },
        ...(refunded ? [{ userId, orderId, type: "refund", amount: -amount, currency, createdAt: at }] : []),
      ]);
    return amount;
  }

  const configure = (split: SplitDefinition) =>
    database.db
      .insert(settings)
      .values({ key: splitsSettingKey, value: [split] })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: [split] },
      });

  beforeAll(async () => {
    database = await openTestDatabase(target);
    await seedPriceCatalogue({ db: database.db });
    splits = createSplitConfig({
      db: database.db,
      log: createLogger({ level: "warn" }),
      groupKey: "test-split-group-key",
    });
    ({ id: operatorId } = await createOperator(database, {
      email: "ops@example.com",
      password: "a long operator passphrase",
      createdBy: null,
    }));
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  it("counts refunded purchases as purchases, nets revenue per currency offered, and reads the guardrails", async () => {
    // Configured before phases were recorded: one implied phase from the first exposure.
    await configure({
      scope: "purchase",
      name: "outcomes",
      groups: [
        { name: "A", weight: 0.5 },
        { name: "B", weight: 0.5 },
      ],
    });
    const exposedAt = new Date(Date.now() - 20 * day);
    const [us, usRefunded] = await expose("outcomes", "A", exposedAt, 2, { country: "us" });
    const [de] = await expose("outcomes", "A", exposedAt, 1, { country: "de", locale: "de" });
    await expose("outcomes", "A", exposedAt, 1, { country: null });
    const [boughtBefore] = await expose("outcomes", "B", exposedAt, 1, { country: "gb" });
    await database.db.insert(funnelVisitors).values({
      deviceId: randomUUID(),
      userId: de as string,
      firstSeenAt: exposedAt,
      lastSeenAt: exposedAt,
      device: "mobile",
    });

    const bought = new Date(exposedAt.getTime() + 60_000);
    const usFirst = await sell(us as string, "subscription", bought);
    const usRenewal = await sell(us as string, "renewal", new Date(bought.getTime() + 3 * day));
    await sell(usRefunded as string, "subscription", bought, { refunded: true });
    const deFirst = await sell(de as string, "subscription", bought, { currency: "EUR" });
    const deUpsell = await sell(de as string, "upsale", bought, { currency: "EUR" });
    // Paid before the exposure: not the experiment's purchase, nor its revenue.
    await sell(boughtBefore as string, "subscription", new Date(exposedAt.getTime() - day), { currency: "GBP" });

    const read = await results("outcomes");
    expect(read.phases).toEqual([
      expect.objectContaining({ id: firstPhaseId, startedAt: exposedAt, endedAt: null, running: true }),
    ]);
    expect(read.control).toBe("A");
    const [a, b] = read.groups;
    expect(a).toMatchObject({
      group: "A",
      weight: 0.5,
      exposed: 4,
      purchased: 3,
      // 1 of 3 refunded; the German parent took the upsell; every trial (3 days) has ended, one renewed.
      guardrails: { refundRate: 1 / 3, upsellTake: 1 / 3, firstRenewal: 1 / 3 },
      revenue: [
        { currency: "EUR", net: deFirst + deUpsell, visitors: 1, perVisitor: deFirst + deUpsell },
        // Two American parents and one without a country, offered dollars; the refund nets out.
        { currency: "USD", net: usFirst + usRenewal, visitors: 3, perVisitor: Math.round((usFirst + usRenewal) / 3) },
      ],
    });
    expect(a?.versusControl).toBeUndefined();
    expect(b).toMatchObject({
      group: "B",
      exposed: 1,
      purchased: 0,
      guardrails: { refundRate: null, upsellTake: null, firstRenewal: null },
      revenue: [{ currency: "GBP", net: 0, visitors: 1, perVisitor: 0 }],
      versusControl: { enough: false },
    });
    expect(read.sampleRatio).toEqual({ state: "too-few", total: 5 });

    // Segments: the country, the language, the device.
    expect(read.segments).toEqual({ countries: ["de", "gb", "us"], locales: ["de", "en"], devices: ["mobile"] });
    for (const segment of [{ country: "de" }, { locale: "de" }, { device: "mobile" }]) {
      const only = await results("outcomes", { segment });
      expect(only.groups.map((group) => [group.group, group.exposed, group.purchased])).toEqual([
        ["A", 1, 1],
        ["B", 0, 0],
      ]);
    }
  });

  it("writes the implied phase down at the first change, then reads each phase by its own weights", async () => {
    const before = (await results("outcomes")).phases[0]?.startedAt;
    await setSplitWeights(splits, { name: "outcomes", weights: { A: 0.2, B: 0.8 }, operatorId });
    const rows = await database.db
      .select()
      .from(splitPhases)
      .where(eq(splitPhases.splitName, "outcomes"))
      .orderBy(asc(splitPhases.startedAt));
    expect(rows).toEqual([
      expect.objectContaining({ startedAt: before, endedAt: rows[1]?.startedAt, running: true, control: "A" }),
      expect.objectContaining({
        endedAt: null,
        running: true,
        groups: [
          { name: "A", weight: 0.2 },
          { name: "B", weight: 0.8 },
        ],
      }),
    ]);
    const changedAt = rows[1]?.startedAt as Date;
    // The audit entry committed with the phase, in the same transaction.
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, "experiment.weights"));
    expect(audit?.createdAt.getTime()).toBeGreaterThanOrEqual(changedAt.getTime() - 1_000);

    // 20/80 in the new phase: no mismatch, though pooled with the 4/1 before it would look off.
    const later = new Date(changedAt.getTime() + 5_000);
    await expose("outcomes", "A", later, 40);
    await expose("outcomes", "B", later, 160);
    const current = await results("outcomes");
    expect(current.phase.id).toBe(rows[1]?.id);
    expect(current.groups.map((group) => [group.group, group.weight, group.exposed])).toEqual([
      ["A", 0.2, 40],
      ["B", 0.8, 160],
    ]);
    expect(current.sampleRatio).toMatchObject({ state: "ok", unexpected: [] });
    const first = await results("outcomes", { phase: rows[0]?.id });
    expect(first.groups.map((group) => [group.group, group.weight, group.exposed])).toEqual([
      ["A", 0.5, 4],
      ["B", 0.5, 1],
    ]);
  });

  it("checks every configured group: none exposed in one is a mismatch, one exposure at weight 0 too", async () => {
    await splits.replace([
      ...(await splits.current()),
      {
        scope: "purchase",
        name: "srm",
        groups: [
          { name: "A", weight: 0.5 },
          { name: "B", weight: 0.5 },
          { name: "C", weight: 0 },
        ],
      },
    ]);
    const { phases } = await results("srm");
    expect(phases).toEqual([expect.objectContaining({ endedAt: null, running: true })]);
    const at = new Date((phases[0]?.startedAt?.getTime() ?? 0) + 5_000);
    await expose("srm", "A", at, 120);
    const empty = await results("srm");
    expect(empty.groups.map((group) => [group.group, group.exposed])).toEqual([
      ["A", 120],
      ["B", 0],
      ["C", 0],
    ]);
    expect(empty.sampleRatio).toMatchObject({ state: "mismatch", unexpected: [] });
    expect(empty.sampleRatio?.state !== "too-few" && empty.sampleRatio?.test?.pValue).toBeLessThan(1e-20);

    await expose("srm", "B", at, 120);
    expect((await results("srm")).sampleRatio).toMatchObject({ state: "ok" });
    await expose("srm", "C", at, 1);
    const leaked = await results("srm");
    expect(leaked.sampleRatio).toMatchObject({ state: "mismatch", unexpected: ["C"] });
    expect(Number.isNaN(leaked.sampleRatio?.state !== "too-few" && leaked.sampleRatio?.test?.pValue)).toBe(false);
  });

  it("compares every group with the control the operator names, once there is enough data", async () => {
    await splits.replace([
      ...(await splits.current()),
      {
        scope: "purchase",
        name: "control",
        groups: [
          { name: "A", weight: 1 },
          { name: "B", weight: 1 },
        ],
      },
    ]);
    await setSplitControl(splits, { name: "control", control: "B", operatorId });
    await expect(setSplitControl(splits, { name: "control", control: "Z", operatorId })).rejects.toMatchObject({
      code: "invalid",
      field: "control",
    });
    const read = await results("control");
    expect(read.phases.map((phase) => phase.control)).toEqual(["A", "B"]);
    const at = new Date((read.phase.startedAt as Date).getTime() + 5_000);
    const inA = await expose("control", "A", at, 100);
    const inB = await expose("control", "B", at, 100);
    for (const userId of [...inA.slice(0, 10), ...inB.slice(0, 20)]) await sell(userId, "subscription", at);

    const compared = await results("control");
    expect(compared.control).toBe("B");
    const [a, b] = compared.groups;
    expect(b?.versusControl).toBeUndefined();
    expect(a?.versusControl).toMatchObject({
      enough: true,
      difference: { estimate: -0.1 },
      uplift: { estimate: -0.5 },
    });
    if (!a?.versusControl?.enough) throw new Error("expected a verdict");
    // A (10/100) against B (20/100): well under even odds.
    expect(a.versusControl.chanceToBeat).toBeLessThan(0.05);
    expect(a.versusControl.difference.interval.high).toBeLessThan(0.01);
  });
});
