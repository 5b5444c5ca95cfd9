import type { DbHandle } from "@kinderready/db/open-db";
import { settings } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test-databases";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApi, testApiSecret, testServices } from "./test-api.ts";

const headers = { "x-api-key": testApiSecret };
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
});
