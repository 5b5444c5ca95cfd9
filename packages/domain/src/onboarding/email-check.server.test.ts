import type { DbHandle } from "@kinderready/db/open-db";
import { openTestDatabase, testDatabases } from "@kinderready/db/test-databases";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkEmailForVisitor, emailCheckLimit } from "./onboarding.server.ts";
import { insertTestParent } from "./test-parent.server.ts";

describe.each(testDatabases())("the quiz's email check on $name", (target) => {
  let database: DbHandle;
  beforeAll(async () => {
    database = await openTestDatabase(target);
  });
  afterAll(() => database.close());

  it("says a taken address is taken until the client address has asked too often", async () => {
    const parent = await insertTestParent(database.db);
    const ask = (address: string) =>
      checkEmailForVisitor(database.db, { email: parent.email ?? "", product: "kinderready" }, address, new Date());
    for (let i = 0; i < emailCheckLimit.max; i += 1) expect(await ask("192.0.2.1")).toBe(false);
    // Past the limit the answer says nothing about the address.
    expect(await ask("192.0.2.1")).toBe(true);
    // Another client is not affected.
    expect(await ask("192.0.2.2")).toBe(false);
  });
});
