import type { Database } from "@kinderready/db/open-db";
import { users } from "@kinderready/db/schema";
import { and, eq, isNull } from "drizzle-orm";
import { soldProduct } from "../product.ts";

// Who a token names, the one lookup every feature that is handed a parent's token starts from.

export type Parent = typeof users.$inferSelect;

/** The parent this token belongs to; erased parents and unknown tokens are nobody. */
export async function findParent(db: Database, input: { token: string }): Promise<Parent | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.token, input.token), eq(users.product, soldProduct), isNull(users.erasedAt)));
  return user;
}
