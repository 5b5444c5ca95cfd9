import type { Database } from "@kinderready/db/open-db";
import type { users } from "@kinderready/db/schema";
import { findParentByToken } from "./parent-queries.server.ts";

// Who a token names, the one lookup every feature that is handed a parent's token starts from.

export type Parent = typeof users.$inferSelect;

/** The parent this token belongs to; erased parents and unknown tokens are nobody. */
export async function findParent(deps: { db: Database }, input: { token: string }): Promise<Parent | undefined> {
  return findParentByToken(deps.db, input);
}
