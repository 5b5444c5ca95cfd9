import type { Database, Transaction } from "@kinderready/db/open-db";
import { users } from "@kinderready/db/schema";
import { and, eq, isNull } from "drizzle-orm";
import { soldProduct } from "../product.ts";

// The reads of the parent's row every feature shares.

/** The parent this token belongs to; erased parents and unknown tokens are nobody. */
export async function findParentByToken(
  db: Database | Transaction,
  input: { token: string },
): Promise<typeof users.$inferSelect | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.token, input.token), eq(users.product, soldProduct), isNull(users.erasedAt)));
  return user;
}
