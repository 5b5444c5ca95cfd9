import type { Logger } from "@kinderready/config/logger";
import { describeError } from "@kinderready/db/describe-error";
import type { Database, Transaction } from "@kinderready/db/open-db";
import { settings, splitExposures } from "@kinderready/db/schema";
import { defaultLocale, type Locale } from "@kinderready/i18n/locales";
import { and, eq } from "drizzle-orm";
import type { FlowType } from "../flows.ts";
import { type SplitGroup, splitGroups } from "../pricing/price-catalogue.ts";
import { reconcileSplitPhases, recordPhaseChanges } from "./split-phases.server.ts";
import {
  assignGroup,
  defaultGroup,
  defaultSplits,
  findSplit,
  introOfferSplit,
  type SplitDefinition,
  splitPosition,
  splitsConfigSchema,
} from "./split-tests.ts";

// The remote configuration of split tests: SPLITS_SC in the settings table,
// edited by the operator through the API, read by the server that decides prices.

export const splitsSettingKey = "SPLITS_SC";
/** Remote-config limits: a read may take up to a minute, and repeats at most each second. */
export const splitsFetchTimeoutMs = 60_000;
export const splitsMinFetchIntervalMs = 1_000;

/** The split configuration, read through a cache each process keeps: one per database. */
export type SplitConfig = {
  /**
   * The definitions in force: the operator's, read at most once a second; the defaults when
   * none are set, or when reading them fails (logged as remote_config_fetch_failed).
   */
  current(now?: number): Promise<readonly SplitDefinition[]>;
  /** The operator replaces the definitions (already validated); they apply at once, phases too. */
  replace(splits: SplitDefinition[]): Promise<void>;
  /**
   * Changes the definitions under a lock on their row, so two operators' edits never overwrite
   * each other; the phases it ends and opens (split-phases.server.ts) and `record` (the audit
   * entry) commit with the change. Applies at once.
   */
  change(
    change: (current: readonly SplitDefinition[]) => SplitDefinition[],
    record: (tx: Transaction, before: readonly SplitDefinition[], after: SplitDefinition[]) => Promise<void>,
  ): Promise<SplitDefinition[]>;
  /**
   * Ends and opens the phases a change made around `change` (by SQL on the row) left out of
   * step with the definitions in force; reports read phases after it.
   */
  reconcilePhases(): Promise<void>;
  /** Where a parent falls in a split, keyed with the server's secret (splitPosition). */
  positionOf(splitName: string, userId: string): number;
};

/** The definitions in force as stored (the defaults when unset or unreadable), locked for the transaction. */
async function lockSplits(tx: Transaction) {
  const [row] = await tx
    .select({ value: settings.value, updatedAt: settings.updatedAt })
    .from(settings)
    .where(eq(settings.key, splitsSettingKey))
    .for("update");
  const read = splitsConfigSchema.safeParse(row?.value);
  return { inForce: read.success ? read.data : defaultSplits, changedAt: row?.updatedAt ?? null };
}

async function fetchSplits(db: Database): Promise<readonly SplitDefinition[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${splitsSettingKey} not read in ${splitsFetchTimeoutMs} ms`)),
      splitsFetchTimeoutMs,
    );
  });
  try {
    const [row] = await Promise.race([
      db.select({ value: settings.value }).from(settings).where(eq(settings.key, splitsSettingKey)),
      timeout,
    ]);
    return row ? splitsConfigSchema.parse(row.value) : defaultSplits;
  } finally {
    clearTimeout(timer);
  }
}

/** `groupKey`: the server's secret that places parents in groups, never sent anywhere. */
export function createSplitConfig({ db, log, groupKey }: { db: Database; log: Logger; groupKey: string }): SplitConfig {
  let cached: { at: number; splits: readonly SplitDefinition[] } | undefined;
  const change: SplitConfig["change"] = async (edit, record) => {
    const after = await db.transaction(async (tx) => {
      await tx.insert(settings).values({ key: splitsSettingKey, value: defaultSplits }).onConflictDoNothing();
      // An unreadable value is served as the defaults (current()), so it is edited as them.
      const { inForce: before, changedAt } = await lockSplits(tx);
      const next = splitsConfigSchema.parse(edit(before));
      const at = new Date();
      await reconcileSplitPhases(tx, { inForce: before, changedAt, now: at });
      await tx.update(settings).set({ value: next, updatedAt: at }).where(eq(settings.key, splitsSettingKey));
      await recordPhaseChanges(tx, before, next, at);
      await record(tx, before, next);
      return next;
    });
    cached = undefined;
    return after;
  };
  return {
    async current(now = Date.now()) {
      if (cached && now - cached.at < splitsMinFetchIntervalMs) return cached.splits;
      let splits: readonly SplitDefinition[];
      try {
        splits = await fetchSplits(db);
      } catch (error) {
        log.error({ err: describeError(error) }, "remote_config_fetch_failed");
        splits = defaultSplits;
      }
      cached = { at: now, splits };
      return splits;
    },
    async replace(splits) {
      await change(
        () => splits,
        async () => {},
      );
    },
    change,
    async reconcilePhases() {
      await db.transaction(async (tx) => {
        await reconcileSplitPhases(tx, { ...(await lockSplits(tx)), now: new Date() });
      });
    },
    positionOf: (splitName, userId) => splitPosition(groupKey, splitName, userId),
  };
}

/** What a split assignment reads and writes: the exposures' table and the configuration. */
export type SplitDeps = { db: Database; splits: SplitConfig };

const isPricedGroup = (group: string): group is SplitGroup => (splitGroups as readonly string[]).includes(group);

/** A parent's intro-offer group; `inSplit` when the experiment placed them (and logged it). */
export type IntroOfferAssignment = { group: SplitGroup; inSplit: boolean };
const notInSplit: IntroOfferAssignment = { group: defaultGroup, inSplit: false };

/**
 * The parent's intro-offer group, which decides the offer's prices. The split runs only in the
 * default language and the copy_1 flow, and only while the operator keeps it configured;
 * everyone else is in A. A parent is placed by a keyed hash of their id (nothing the browser
 * sends can choose it), once: the first placement is stored and kept while its group is in the
 * split, so the price a parent saw is the price they pay whatever the weights do later.
 */
export async function assignIntroOfferGroup(
  { db, splits }: SplitDeps,
  input: { userId: string; locale: Locale; flow: FlowType },
): Promise<IntroOfferAssignment> {
  if (input.locale !== defaultLocale || input.flow !== "copy_1") return notInSplit;
  const split = findSplit(await splits.current(), introOfferSplit.scope, introOfferSplit.name);
  if (!split) return notInSplit;
  // Only groups with prices in the catalogue can change prices; others see A's (and are not logged).
  const group = await placeInSplit({ db, splits }, split, input.userId, isPricedGroup);
  return group && isPricedGroup(group) ? { group, inSplit: true } : notInSplit;
}

/**
 * A parent's group in a running split, placed by a keyed hash of their id (nothing the browser
 * sends can choose it), once: the first placement is stored (the exposure the results count) and
 * kept while its group is in the split, so what a parent was shown stays what they get whatever
 * the weights do later. A group `counts` refuses is answered but not logged.
 */
export async function placeInSplit(
  { db, splits }: SplitDeps,
  split: SplitDefinition,
  userId: string,
  counts: (group: string) => boolean = () => true,
): Promise<string> {
  const [placed] = await db
    .select({ group: splitExposures.group })
    .from(splitExposures)
    .where(and(eq(splitExposures.userId, userId), eq(splitExposures.splitName, split.name)));
  if (placed && split.groups.some(({ name, weight }) => name === placed.group && weight > 0)) return placed.group;
  const group = assignGroup(split, splits.positionOf(split.name, userId));
  if (!placed && counts(group)) {
    await db.insert(splitExposures).values({ userId, splitName: split.name, group }).onConflictDoNothing();
  }
  return group;
}
