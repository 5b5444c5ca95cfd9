import type { DbHandle } from "@kinderready/db/open-db";
import { ledgerEntries, settings, splitExposures } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { seedPriceCatalogue } from "@kinderready/domain/pricing/price-config.server";
import { insertTestOrder, insertTestParent } from "@kinderready/domain/test/test-data.server";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApi, testApiKey, testServices } from "../../test/test-api.ts";

const headers = { "x-api-key": testApiKey };
const url = "/api/v1/remote-config/splits";

describe.each(testDatabases())("remote config API on $name", (target) => {
  let app: FastifyInstance;
  let database: DbHandle;

  beforeAll(async () => {
    database = await openTestDatabase(target);
    app = await buildTestApi(database, testServices(database.db, { send: async () => null }));
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("serves the default intro-offer split until the operator sets one, to the operator only", async () => {
    expect((await app.inject({ method: "GET", url })).statusCode).toBe(401);
    const response = await app.inject({ method: "GET", url, headers });
    expect(response.json()).toEqual({
      SPLITS_SC: [
        {
          scope: "purchase",
          name: "intro-offer",
          groups: [
            { name: "A", weight: 0.5 },
            { name: "B", weight: 0.5 },
          ],
        },
      ],
    });
  });

  it("refuses a bad definition, naming the field, and stores nothing", async () => {
    const response = await app.inject({
      method: "PUT",
      url,
      headers,
      payload: { SPLITS_SC: [{ scope: "purchase", name: "intro-offer", groups: [{ name: "B", weight: -1 }] }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain("SPLITS_SC.0.groups.0.weight");
    expect(await database.db.select().from(settings)).toEqual([]);
  });

  it("replaces the splits, with weights defaulting to 0.5", async () => {
    const payload = { SPLITS_SC: [{ scope: "purchase", name: "intro-offer", groups: [{ name: "A" }, { name: "B" }] }] };
    const put = await app.inject({ method: "PUT", url, headers, payload });
    expect(put.statusCode).toBe(200);
    const got = await app.inject({ method: "GET", url, headers });
    expect(got.json().SPLITS_SC[0].groups).toEqual([
      { name: "A", weight: 0.5 },
      { name: "B", weight: 0.5 },
    ]);
  });

  it("reports each group's exposures, purchases after exposure and net revenue per visitor offered each currency, with no verdict on so few", async () => {
    await seedPriceCatalogue({ db: database.db });
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    const parent = async (group: string, paid: { amount: number; currency: string; at?: Date }[]) => {
      const user = await insertTestParent(database.db);
      await database.db
        .insert(splitExposures)
        .values({ userId: user.id, splitName: "intro-offer", group, exposedAt: hourAgo });
      for (const [index, payment] of paid.entries()) {
        const order = await insertTestOrder(database.db, {
          userId: user.id,
          purpose: index === 0 ? "subscription" : "upsale",
          amount: payment.amount,
          currency: payment.currency,
          ...(payment.at && { createdAt: payment.at }),
        });
        await database.db.insert(ledgerEntries).values({
          userId: user.id,
          orderId: order.orderId,
          type: "charge",
          amount: payment.amount,
          currency: payment.currency,
        });
      }
    };
    await parent("A", [{ amount: 199, currency: "USD" }]);
    await parent("A", []);
    // Bought before the exposure: not the experiment's doing.
    await parent("A", [{ amount: 199, currency: "USD", at: new Date(Date.now() - 2 * 60 * 60 * 1000) }]);
    await parent("A", []);
    await parent("B", [
      { amount: 99, currency: "USD" },
      { amount: 999, currency: "USD" },
    ]);
    await parent("B", [{ amount: 99, currency: "EUR" }]);
    await parent("B", []);
    await parent("B", []);

    const response = await app.inject({ method: "GET", url: "/api/v1/console/experiments/intro-offer", headers });
    expect(response.statusCode).toBe(200);
    const results = response.json();
    expect(results.phase).toMatchObject({ id: "first", control: "A", running: true, endedAt: null });
    expect(results.sampleRatio).toEqual({ state: "too-few", total: 8 });
    const [a, b] = results.groups;
    // Parents without a country were offered dollars: 4 in each group.
    expect(a).toMatchObject({
      group: "A",
      exposed: 4,
      purchased: 1,
      revenue: [{ currency: "USD", net: 199, visitors: 4, perVisitor: 50 }],
    });
    expect(a.versusControl).toBeUndefined();
    expect(b).toMatchObject({
      group: "B",
      exposed: 4,
      purchased: 2,
      revenue: [
        { currency: "EUR", net: 99, visitors: 0, perVisitor: null },
        { currency: "USD", net: 1098, visitors: 4, perVisitor: 275 },
      ],
    });
    // Far below the minimum sample: the counts, and no verdict.
    expect(b.versusControl).toEqual({ enough: false });
    expect(results.daily.reduce((sum: number, row: { exposed: number }) => sum + row.exposed, 0)).toBe(8);
  });
});
