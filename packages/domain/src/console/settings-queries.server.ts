import type { Database, Transaction } from "@kinderready/db/open-db";
import { settings } from "@kinderready/db/schema";
import { eq } from "drizzle-orm";

// The settings rows the operator edits in the console, one value per key.

export type SettingRow = typeof settings.$inferSelect;

export async function findSetting(db: Database | Transaction, key: string): Promise<SettingRow | undefined> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  return row;
}

/** The row as it is, locked until the transaction ends: the change that follows sees no other. */
export async function lockSetting(tx: Transaction, key: string): Promise<SettingRow | undefined> {
  const [row] = await tx.select().from(settings).where(eq(settings.key, key)).for("update");
  return row;
}

export async function upsertSetting(
  db: Database | Transaction,
  input: { key: string; value: unknown; now: Date },
): Promise<void> {
  await db
    .insert(settings)
    .values({ key: input.key, value: input.value, updatedAt: input.now })
    .onConflictDoUpdate({ target: settings.key, set: { value: input.value, updatedAt: input.now } });
}
