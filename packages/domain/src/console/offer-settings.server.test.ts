import type { DbHandle } from "@kinderready/db/open-db";
import { auditLog } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededPlan } from "../../test/price-plans.ts";
import { getOfferTimerSeconds } from "../pricing/offer-timer.server.ts";
import { getPriceConfig, seedPriceCatalogue } from "../pricing/price-config.server.ts";
import { getUpsellDisplayMode } from "../upsell/upsell.server.ts";
import { changeOfferSettings, changePricePlan, listPricePlans } from "./offer-settings.server.ts";
import { createOperator } from "./operator-accounts.server.ts";

const now = new Date("2026-11-24T10:00:00Z");

describe.each(testDatabases())("offer settings on $name", (target) => {
  let database: DbHandle;
  let operatorId = "";

  beforeAll(async () => {
    database = await openTestDatabase(target);
    await seedPriceCatalogue({ db: database.db });
    operatorId = (
      await createOperator(database, { email: "prices@example.com", password: "a long passphrase", createdBy: null })
    ).id;
  }, 60_000);
  afterAll(() => database.close());

  const plan = (kind: string, variant: string, currency: string, splitGroup: string) =>
    seededPlan(database.db, kind, { variant, currency, splitGroup });

  it("lists the whole catalogue: every currency, split group and variant", async () => {
    const plans = await listPricePlans(database);
    expect(plans).toHaveLength(3 * (6 + 6));
    expect(new Set(plans.map((row) => row.currency))).toEqual(new Set(["EUR", "GBP", "USD"]));
  });

  it("changes a plan's prices, derives its discount and name, audits it, and the offer shows it", async () => {
    const before = await plan("subscription", "initial", "EUR", "B");
    const after = await changePricePlan(database, {
      operatorId,
      change: { id: before.id, amount: "1.49", oldAmount: "4,99", renewalAmount: "27.99" },
      now,
    });
    expect(after).toMatchObject({
      amount: 149,
      oldAmount: 499,
      renewalAmount: 2799,
      discountPercent: 70,
      productName: "trial_1.49_27.99_€",
    });
    const offer = await getPriceConfig(
      { db: database.db },
      {
        countryCode: "de",
        purchaseType: "subscription",
        flow: "copy_1",
        introOfferGroup: "B",
      },
    );
    expect(offer.initial[0]).toMatchObject({ price: 1.49, oldPrice: 4.99, discount: 70, renewal_price: 27.99 });
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `plan:${before.id}`));
    expect(audit).toMatchObject({
      operatorId,
      action: "prices.change",
      details: {
        before: { amount: before.amount, oldAmount: before.oldAmount, renewalAmount: before.renewalAmount },
        after: { amount: 149, oldAmount: 499, renewalAmount: 2799 },
      },
    });
  });

  it("refuses prices the offer could not show, naming the field, and changes nothing", async () => {
    const trial = await plan("subscription", "initial", "USD", "A");
    const packs = await plan("upsale", "initial", "USD", "all");
    const attempts: [Record<string, unknown>, string][] = [
      [{ id: trial.id, amount: "0", renewalAmount: "29.99" }, "amount"],
      [{ id: trial.id, amount: "1.555", renewalAmount: "29.99" }, "amount"],
      [{ id: trial.id, amount: "-1", renewalAmount: "29.99" }, "amount"],
      [{ id: trial.id, amount: "99999", renewalAmount: "29.99" }, "amount"],
      [{ id: trial.id, amount: "1.99", oldAmount: "1.99", renewalAmount: "29.99" }, "oldAmount"],
      [{ id: trial.id, amount: "1.99", renewalAmount: "" }, "renewalAmount"],
      [{ id: packs.id, amount: "14.99", renewalAmount: "9.99" }, "renewalAmount"],
      [{ id: "not-a-plan", amount: "1.99" }, "id"],
    ];
    for (const [change, field] of attempts) {
      await expect(
        changePricePlan(database, {
          operatorId,
          change: change as { id: string; amount: string },
          now,
        }),
      ).rejects.toMatchObject({ field });
    }
    expect(await plan("subscription", "initial", "USD", "A")).toEqual(trial);
    expect(await plan("upsale", "initial", "USD", "all")).toEqual(packs);
  });

  it("saves the upsell display mode and the countdown, which the pages then read", async () => {
    expect(await getOfferTimerSeconds({ db: database.db }, 60)).toBe(60);
    await changeOfferSettings(database, {
      operatorId,
      settings: { upsellDisplayMode: "TABS", offerTimerSeconds: "900" },
      timerFallback: 60,
      now,
    });
    expect(await getOfferTimerSeconds({ db: database.db }, 60)).toBe(900);
    expect(await getUpsellDisplayMode({ db: database.db })).toBe("TABS");
    await expect(
      changeOfferSettings(database, {
        operatorId,
        settings: { upsellDisplayMode: "POPUP", offerTimerSeconds: "5" },
        timerFallback: 60,
        now,
      }),
    ).rejects.toMatchObject({ field: "offerTimerSeconds" });
    expect(await getUpsellDisplayMode({ db: database.db })).toBe("TABS");
    const audits = await database.db.select().from(auditLog).where(eq(auditLog.action, "offer.settings"));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.details).toEqual({
      before: { upsellDisplayMode: "POPUP", offerTimerSeconds: 60 },
      after: { upsellDisplayMode: "TABS", offerTimerSeconds: 900 },
    });
  });
});
