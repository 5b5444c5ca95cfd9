import type { Database, Transaction } from "@kinderready/db/open-db";
import { settings, splitExposures, splitPhases } from "@kinderready/db/schema";
import { and, asc, eq, isNull, min } from "drizzle-orm";

// The split tests' reads and writes: the configuration's settings row, the exposures and the
// phases (split-config.server.ts and split-phases.server.ts hold the rules).

type Db = Database | Transaction;
type SplitPhaseRow = typeof splitPhases.$inferSelect;

/** The settings row the split configuration is stored in. */
export const splitsSettingKey = "SPLITS_SC";

/** The stored configuration and when it changed, locked until the transaction ends. */
export async function lockSplitsSetting(tx: Transaction): Promise<{ value: unknown; updatedAt: Date } | undefined> {
  const [row] = await tx
    .select({ value: settings.value, updatedAt: settings.updatedAt })
    .from(settings)
    .where(eq(settings.key, splitsSettingKey))
    .for("update");
  return row;
}

export async function findSplitsSetting(db: Db): Promise<{ value: unknown } | undefined> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, splitsSettingKey));
  return row;
}

/** Stores `value` as the configuration unless one is stored. */
export async function insertSplitsSettingIfAbsent(db: Db, value: unknown): Promise<void> {
  await db.insert(settings).values({ key: splitsSettingKey, value }).onConflictDoNothing();
}

export async function updateSplitsSetting(db: Db, input: { value: unknown; now: Date }): Promise<void> {
  await db.update(settings).set({ value: input.value, updatedAt: input.now }).where(eq(settings.key, splitsSettingKey));
}

/** The parent's stored group in a split, if they were placed. */
export async function findSplitExposure(
  db: Db,
  input: { userId: string; splitName: string },
): Promise<{ group: string } | undefined> {
  const [placed] = await db
    .select({ group: splitExposures.group })
    .from(splitExposures)
    .where(and(eq(splitExposures.userId, input.userId), eq(splitExposures.splitName, input.splitName)));
  return placed;
}

/** Stores a placement, keeping the first one stored. */
export async function insertSplitExposure(
  db: Db,
  values: { userId: string; splitName: string; group: string },
): Promise<void> {
  await db.insert(splitExposures).values(values).onConflictDoNothing();
}

/** When the split's first exposure was, or null if nobody was exposed. */
export async function findFirstExposureAt(db: Db, split: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(splitExposures.exposedAt) })
    .from(splitExposures)
    .where(eq(splitExposures.splitName, split));
  return row?.at ?? null;
}

/** One phase row of the split, if it has any. */
export async function findAnySplitPhase(db: Db, splitName: string): Promise<{ id: string } | undefined> {
  const [recorded] = await db
    .select({ id: splitPhases.id })
    .from(splitPhases)
    .where(eq(splitPhases.splitName, splitName))
    .limit(1);
  return recorded;
}

/** Deletes the split's open phase if it began at `at`. */
export async function deleteOpenPhaseStartedAt(db: Db, input: { splitName: string; at: Date }): Promise<void> {
  await db
    .delete(splitPhases)
    .where(
      and(eq(splitPhases.splitName, input.splitName), isNull(splitPhases.endedAt), eq(splitPhases.startedAt, input.at)),
    );
}

/** Ends the split's open phase at `at`. */
export async function endOpenPhase(db: Db, input: { splitName: string; at: Date }): Promise<void> {
  await db
    .update(splitPhases)
    .set({ endedAt: input.at })
    .where(and(eq(splitPhases.splitName, input.splitName), isNull(splitPhases.endedAt)));
}

export async function endSplitPhase(db: Db, input: { id: string; at: Date }): Promise<void> {
  await db.update(splitPhases).set({ endedAt: input.at }).where(eq(splitPhases.id, input.id));
}

export async function insertSplitPhase(db: Db, values: typeof splitPhases.$inferInsert): Promise<void> {
  await db.insert(splitPhases).values(values);
}

/** Every split's open phase. */
export async function listOpenSplitPhases(db: Db): Promise<SplitPhaseRow[]> {
  return db.select().from(splitPhases).where(isNull(splitPhases.endedAt));
}

/** The split's phase rows, oldest first. */
export async function listSplitPhaseRows(db: Db, splitName: string): Promise<SplitPhaseRow[]> {
  return db.select().from(splitPhases).where(eq(splitPhases.splitName, splitName)).orderBy(asc(splitPhases.startedAt));
}
