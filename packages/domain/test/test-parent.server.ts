import type { Database } from "@kinderready/db/open-db";
import { users } from "@kinderready/db/schema";
import { createRandomToken } from "../src/random-token.ts";

/** Tests only: a parent who finished the quiz (token, email), written straight to the database. */
export async function insertTestParent(db: Database) {
  const [user] = await db
    .insert(users)
    .values({
      token: createRandomToken(),
      product: "kinderready",
      email: `${createRandomToken()}@example.com`,
      locale: "en",
      flow: "main",
      purchasePath: "/purchase/",
      marketingContactId: createRandomToken(),
    })
    .returning();
  if (!user) throw new Error("no user");
  return user;
}
