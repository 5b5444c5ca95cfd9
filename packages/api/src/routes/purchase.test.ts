import type { DbHandle } from "@kinderready/db/open-db";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { seedPriceCatalogue } from "@kinderready/domain/pricing/price-config.server";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApi, testApiKey, testServices } from "../../test/test-api.ts";

const headers = { "x-api-key": testApiKey };
const body = (overrides: object = {}) => ({
  countryCode: "US",
  product: "kinderready",
  purchaseType: "subscription",
  flow: "copy_1",
  introOfferGroup: "A",
  ...overrides,
});

describe.each(testDatabases())("price-config API on $name", (target) => {
  let app: FastifyInstance;
  let database: DbHandle;
  const priceConfig = async (payload: object) => {
    const response = await app.inject({ method: "POST", url: "/api/v1/purchase/price-config", headers, payload });
    return { status: response.statusCode, json: response.json() };
  };

  beforeAll(async () => {
    database = await openTestDatabase(target);
    await seedPriceCatalogue({ db: database.db });
    // Seeding twice changes nothing (start-up seeds every time).
    await seedPriceCatalogue({ db: database.db });
    app = await buildTestApi(database, testServices(database.db, { send: async () => null }));
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("answers subscription plans in dollars for the US, with the three variants", async () => {
    const { status, json } = await priceConfig(body());
    expect(status).toBe(200);
    expect(json.priceConfig.initial).toEqual([
      {
        price: 1.99,
        oldPrice: 3.99,
        discount: 50,
        currency: "$",
        currency_code: "USD",
        product_name: "trial_1.99_29.99_$",
        product: "subscription",
        trial_days: 3,
        period_days: 30,
        renewal_price: 29.99,
      },
    ]);
    expect(json.priceConfig.catchy[0]).toMatchObject({ price: 0.99, discount: 75 });
    expect(json.priceConfig.expired[0]).toEqual(expect.objectContaining({ price: 3.99, renewal_price: 29.99 }));
    expect(json.priceConfig.expired[0].oldPrice).toBeUndefined();
  });

  it("prices by country: euros in Germany, pounds in the UK", async () => {
    expect((await priceConfig(body({ countryCode: "de" }))).json.priceConfig.initial[0]).toMatchObject({
      currency: "€",
      currency_code: "EUR",
      renewal_price: 29.99,
    });
    expect((await priceConfig(body({ countryCode: "gb" }))).json.priceConfig.initial[0]).toMatchObject({
      currency: "£",
      currency_code: "GBP",
      renewal_price: 24.99,
    });
  });

  it("applies the intro-offer group only in the copy_1 flow", async () => {
    expect((await priceConfig(body({ introOfferGroup: "B" }))).json.priceConfig.initial[0].price).toBe(0.99);
    expect((await priceConfig(body({ introOfferGroup: "B", flow: "main" }))).json.priceConfig.initial[0].price).toBe(
      1.99,
    );
  });

  it("answers the upsell plans: packs then lifetime, with the discount downsell as catchy", async () => {
    const { json } = await priceConfig(body({ purchaseType: "upsale", countryCode: "fr" }));
    expect(json.priceConfig.initial.map((plan: { product_name: string }) => plan.product_name)).toEqual([
      "upsale_14.99_€",
      "lifetime_29.99_€",
    ]);
    expect(json.priceConfig.catchy[0]).toEqual({
      price: 4.99,
      oldPrice: 30,
      currency: "€",
      currency_code: "EUR",
      product_name: "upsale_discount_4.99_€",
      product: "upsale",
    });
    expect(json.priceConfig.initial[1]).toMatchObject({ price: 29.99, oldPrice: 59.99, discount: 50 });
  });

  it.each([
    ["body.countryCode", { countryCode: "USA" }],
    ["body.product", { product: "other" }],
    ["body.purchaseType", { purchaseType: "one-time" }],
    ["body.flow", { flow: "copy_2" }],
    ["body.introOfferGroup", { introOfferGroup: "C" }],
  ])("rejects a bad %s with 400", async (field, overrides) => {
    const { status, json } = await priceConfig(body(overrides));
    expect(status).toBe(400);
    expect(json.message).toContain(`${field}:`);
  });

  it("needs the API key", async () => {
    const response = await app.inject({ method: "POST", url: "/api/v1/purchase/price-config", payload: body() });
    expect(response.statusCode).toBe(401);
  });
});
