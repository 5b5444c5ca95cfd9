import type { Logger } from "@kinderready/config/logger";
import { describeError } from "@kinderready/db/describe-error";
import type { Database, Transaction } from "@kinderready/db/open-db";
import { defaultLocale, type Locale } from "@kinderready/i18n/locales";
import type { FlowType } from "../flows.ts";
import { type SplitGroup, splitGroups } from "../pricing/price-catalogue.ts";
import { groupsOf, splitPhaseSchema } from "./split-phases.server.ts";
import {
  deleteOpenPhaseStartedAt,
  endOpenPhase,
  endSplitPhase,
  findAnySplitPhase,
  findFirstExposureAt,
  findSplitExposure,
  findSplitsSetting,
  insertSplitExposure,
  insertSplitPhase,
  insertSplitsSettingIfAbsent,
  listOpenSplitPhases,
  lockSplitsSetting,
  splitsSettingKey,
  updateSplitsSetting,
} from "./split-queries.server.ts";
import {
  assignGroup,
  controlOf,
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
  const row = await lockSplitsSetting(tx);
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
    const row = await Promise.race([findSplitsSetting(db), timeout]);
    return row ? splitsConfigSchema.parse(row.value) : defaultSplits;
  } finally {
    clearTimeout(timer);
  }
}

// The phases a change of the definitions ends and opens (split-phases.server.ts says what a phase
// is), written in the change's transaction.

const sameSetup = (before: SplitDefinition, after: SplitDefinition) =>
  controlOf(before) === controlOf(after) &&
  JSON.stringify(before.groups.map(({ name, weight }) => [name, weight])) ===
    JSON.stringify(after.groups.map(({ name, weight }) => [name, weight]));

/**
 * Ends and opens phases for every split the change started, stopped, re-weighted or gave another
 * control, at `at`. A split with no phase row yet first gets its implied phase written (from its
 * first exposure to now, with the weights it had), unless nobody was ever exposed to it.
 */
async function recordPhaseChanges(
  tx: Transaction,
  before: readonly SplitDefinition[],
  after: readonly SplitDefinition[],
  at: Date,
): Promise<void> {
  const names = [...new Set([...before, ...after].map((split) => split.name))];
  for (const name of names) {
    const was = before.find((split) => split.name === name);
    const is = after.find((split) => split.name === name);
    if (was && is && sameSetup(was, is)) continue;
    const recorded = await findAnySplitPhase(tx, name);
    if (recorded) {
      // A phase that would end the instant it began never placed anyone: it goes.
      await deleteOpenPhaseStartedAt(tx, { splitName: name, at });
      await endOpenPhase(tx, { splitName: name, at });
    } else if (was) {
      const startedAt = await findFirstExposureAt(tx, name);
      if (startedAt)
        await insertSplitPhase(tx, {
          splitName: name,
          startedAt,
          endedAt: at,
          groups: groupsOf(was),
          control: controlOf(was),
          running: true,
        });
    }
    const setup = (is ?? was) as SplitDefinition;
    await insertSplitPhase(tx, {
      splitName: name,
      startedAt: at,
      endedAt: null,
      groups: groupsOf(setup),
      control: controlOf(setup),
      running: is !== undefined,
    });
  }
}

/**
 * Brings the open phases in line with the configuration in force (`inForce`) when it was edited
 * around `recordPhaseChanges` (by SQL on the settings row): each split whose open phase has other
 * weights, another control or another running state gets that phase ended and the one in force
 * opened. The edit's time is the row's `changedAt` when it is later than the phase's start;
 * otherwise it is unknown and `now` is the first time it was seen. A split without phase rows
 * keeps its implied phase.
 */
async function reconcileSplitPhases(
  tx: Transaction,
  input: { inForce: readonly SplitDefinition[]; changedAt: Date | null; now: Date },
): Promise<void> {
  const open = await listOpenSplitPhases(tx);
  for (const phase of open) {
    const is = input.inForce.find((split) => split.name === phase.splitName);
    const setup = {
      groups: is ? groupsOf(is) : splitPhaseSchema.shape.groups.parse(phase.groups),
      control: is ? controlOf(is) : phase.control,
      running: is !== undefined,
    };
    const recorded = { groups: phase.groups, control: phase.control, running: phase.running };
    if (JSON.stringify(recorded) === JSON.stringify(setup)) continue;
    const at = input.changedAt && input.changedAt > phase.startedAt ? input.changedAt : input.now;
    await endSplitPhase(tx, { id: phase.id, at });
    await insertSplitPhase(tx, { splitName: phase.splitName, startedAt: at, endedAt: null, ...setup });
  }
}

/** `groupKey`: the server's secret that places parents in groups, never sent anywhere. */
export function createSplitConfig(deps: { db: Database; log: Logger; groupKey: string }): SplitConfig {
  let cached: { at: number; splits: readonly SplitDefinition[] } | undefined;
  const change: SplitConfig["change"] = async (edit, record) => {
    const after = await deps.db.transaction(async (tx) => {
      await insertSplitsSettingIfAbsent(tx, defaultSplits);
      // An unreadable value is served as the defaults (current()), so it is edited as them.
      const { inForce: before, changedAt } = await lockSplits(tx);
      const next = splitsConfigSchema.parse(edit(before));
      const at = new Date();
      await reconcileSplitPhases(tx, { inForce: before, changedAt, now: at });
      await updateSplitsSetting(tx, { value: next, now: at });
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
        splits = await fetchSplits(deps.db);
      } catch (error) {
        deps.log.error({ err: describeError(error) }, "remote_config_fetch_failed");
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
      await deps.db.transaction(async (tx) => {
        await reconcileSplitPhases(tx, { ...(await lockSplits(tx)), now: new Date() });
      });
    },
    positionOf: (splitName, userId) => splitPosition(deps.groupKey, splitName, userId),
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
  deps: SplitDeps,
  input: { userId: string; locale: Locale; flow: FlowType },
): Promise<IntroOfferAssignment> {
  if (input.locale !== defaultLocale || input.flow !== "copy_1") return notInSplit;
  const split = findSplit(await deps.splits.current(), introOfferSplit.scope, introOfferSplit.name);
  if (!split) return notInSplit;
  // Only groups with prices in the catalogue can change prices; others see A's (and are not logged).
  const group = await placeInSplit(deps, split, input.userId, isPricedGroup);
  return group && isPricedGroup(group) ? { group, inSplit: true } : notInSplit;
}

/**
 * A parent's group in a running split, placed by a keyed hash of their id (nothing the browser
 * sends can choose it), once: the first placement is stored (the exposure the results count) and
 * kept while its group is in the split, so what a parent was shown stays what they get whatever
 * the weights do later. A group `counts` refuses is answered but not logged.
 */
export async function placeInSplit(
  deps: SplitDeps,
  split: SplitDefinition,
  userId: string,
  counts: (group: string) => boolean = () => true,
): Promise<string> {
  const placed = await findSplitExposure(deps.db, { userId, splitName: split.name });
  if (placed && split.groups.some(({ name, weight }) => name === placed.group && weight > 0)) return placed.group;
  const group = assignGroup(split, deps.splits.positionOf(split.name, userId));
  if (!placed && counts(group)) {
    await insertSplitExposure(deps.db, { userId, splitName: split.name, group });
  }
  return group;
}
