import type { DbHandle } from "@kinderready/db/open-db";
import { users } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestParent } from "../../test/test-data.server.ts";
import { AppError } from "../app-error.ts";
import { createRandomToken } from "../random-token.ts";
import { checkEmailForVisitor, emailCheckLimit, submitOnboardingForVisitor } from "./onboarding.server.ts";
import { onboardingBody } from "./onboarding-schema.ts";

const lead = (email: string) =>
  onboardingBody.parse({
    kid: { name: "Emma", years: { text: "5 years", value: 5 } },
    email,
    questions: [{ id: "ty", answer: "soon" }],
    isForbiddenToMailing: false,
    user_token: createRandomToken(),
    purchasePathByFlow: "/purchase/",
    product: "kinderready",
    locale: "en",
    tracking: { utmLabels: {}, fbAnalytics: {}, organic: true },
  });

/** What a submission answered: stored, or the error's kind. */
async function outcome(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "stored";
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

describe.each(testDatabases())("the quiz's email check on $name", (target) => {
  let database: DbHandle;
  const deps = () => ({ db: database.db, emails: { send: async () => null } });
  beforeAll(async () => {
    database = await openTestDatabase(target);
  });
  afterAll(() => database.close());

  it("says a taken address is taken until the client address has asked too often", async () => {
    const parent = await insertTestParent(database.db);
    const ask = (address: string) =>
      checkEmailForVisitor({ db: database.db }, { email: parent.email ?? "" }, address, new Date());
    for (let i = 0; i < emailCheckLimit.max; i += 1) expect(await ask("192.0.2.1")).toBe(false);
    // Past the limit the answer says nothing about the address.
    expect(await ask("192.0.2.1")).toBe(true);
    // Another client is not affected.
    expect(await ask("192.0.2.2")).toBe(false);
  });

  it("counts quiz submissions against the same limit, and past it answers alike for known and unknown addresses", async () => {
    const submit = (email: string, address = "192.0.2.9") =>
      outcome(submitOnboardingForVisitor(deps(), lead(email), address, new Date()));
    const knownEmail = `known-${Date.now()}@example.com`;
    expect(await submit(knownEmail, "192.0.2.8")).toBe("stored");
    // Within the limit a taken address is refused as taken (the parent is told to sign in).
    expect(await submit(knownEmail)).toBe("conflict");
    for (let i = 1; i < emailCheckLimit.max; i += 1) {
      await checkEmailForVisitor({ db: database.db }, { email: "x@example.com" }, "192.0.2.9", new Date());
    }
    // Past it, a registered address and a new one get the same answer, and nothing is stored.
    const fresh = `fresh-${Date.now()}@example.com`;
    expect(await submit(knownEmail)).toBe("rate-limited");
    expect(await submit(fresh)).toBe("rate-limited");
    expect(await database.db.select().from(users).where(eq(users.email, fresh))).toEqual([]);
    expect(await submit(fresh, "192.0.2.10")).toBe("stored");
  });
});
