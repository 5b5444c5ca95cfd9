import type { Database, Transaction } from "@kinderready/db/open-db";
import { splitExposures, splitPhases } from "@kinderready/db/schema";
import { and, asc, eq, isNull, min } from "drizzle-orm";
import { z } from "zod";
import { controlOf, defaultGroup, type SplitDefinition } from "./split-tests.ts";

// A split's phases: the periods it ran with one set of groups, weights and control. Every change
// of the configuration ends the split's open phase and opens the next one, in the transaction of
// the change, so each exposure (by its time) belongs to exactly one phase and the sample-ratio
// check compares it with the weights that placed it. A split configured before phases were
// recorded has none: its first phase is implied, from its first exposure with the weights in
// force, and written down when the first change ends it.

export const splitPhaseSchema = z.object({
  /** The row's id, or `firstPhaseId` for the implied phase no row records yet. */
  id: z.string(),
  /** Null: from the split's first exposure, whenever that was (the implied phase). */
  startedAt: z.date().nullable(),
  /** Null while the phase is the current one. */
  endedAt: z.date().nullable(),
  /** Null when the weights of the period are unknown (a split stopped before phases were recorded). */
  groups: z.array(z.object({ name: z.string(), weight: z.number() })).nullable(),
  control: z.string(),
  /** False after a stop: nobody new is placed. */
  running: z.boolean(),
});
export type SplitPhase = z.infer<typeof splitPhaseSchema>;
type PhaseGroup = NonNullable<SplitPhase["groups"]>[number];

export const firstPhaseId = "first";

const sameSetup = (before: SplitDefinition, after: SplitDefinition) =>
  controlOf(before) === controlOf(after) &&
  JSON.stringify(before.groups.map(({ name, weight }) => [name, weight])) ===
    JSON.stringify(after.groups.map(({ name, weight }) => [name, weight]));

const groupsOf = (split: SplitDefinition): PhaseGroup[] => split.groups.map(({ name, weight }) => ({ name, weight }));

async function firstExposure(db: Database | Transaction, split: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(splitExposures.exposedAt) })
    .from(splitExposures)
    .where(eq(splitExposures.splitName, split));
  return row?.at ?? null;
}

/**
 * Ends and opens phases for every split the change started, stopped, re-weighted or gave another
 * control, at `at`. A split with no phase row yet first gets its implied phase written (from its
 * first exposure to now, with the weights it had), unless nobody was ever exposed to it.
 */
export async function recordPhaseChanges(
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
    const [recorded] = await tx
      .select({ id: splitPhases.id })
      .from(splitPhases)
      .where(eq(splitPhases.splitName, name))
      .limit(1);
    if (recorded) {
      // A phase that would end the instant it began never placed anyone: it goes.
      await tx
        .delete(splitPhases)
        .where(and(eq(splitPhases.splitName, name), isNull(splitPhases.endedAt), eq(splitPhases.startedAt, at)));
      await tx
        .update(splitPhases)
        .set({ endedAt: at })
        .where(and(eq(splitPhases.splitName, name), isNull(splitPhases.endedAt)));
    } else if (was) {
      const startedAt = await firstExposure(tx, name);
      if (startedAt)
        await tx.insert(splitPhases).values({
          splitName: name,
          startedAt,
          endedAt: at,
          groups: groupsOf(was),
          control: controlOf(was),
          running: true,
        });
    }
    const setup = (is ?? was) as SplitDefinition;
    await tx.insert(splitPhases).values({
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
export async function reconcileSplitPhases(
  tx: Transaction,
  input: { inForce: readonly SplitDefinition[]; changedAt: Date | null; now: Date },
): Promise<void> {
  const open = await tx.select().from(splitPhases).where(isNull(splitPhases.endedAt));
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
    await tx.update(splitPhases).set({ endedAt: at }).where(eq(splitPhases.id, phase.id));
    await tx.insert(splitPhases).values({ splitName: phase.splitName, startedAt: at, endedAt: null, ...setup });
  }
}

/**
 * A split's phases, oldest first. Without rows, one implied phase from the first exposure with
 * the configuration in force (`current`; unknown weights when the split is not configured).
 * Exposures older than the first row (a split stopped before phases were recorded, then started
 * again) make an implied phase of unknown weights before it.
 */
export async function listSplitPhases(
  db: Database,
  input: { split: string; current: SplitDefinition | undefined },
): Promise<SplitPhase[]> {
  const [rows, firstAt] = await Promise.all([
    db.select().from(splitPhases).where(eq(splitPhases.splitName, input.split)).orderBy(asc(splitPhases.startedAt)),
    firstExposure(db, input.split),
  ]);
  const phases: SplitPhase[] = rows.map((row) => ({
    id: row.id,
    startedAt: row.startedAt,
    endedAt: row.endedAt,
    groups: splitPhaseSchema.shape.groups.parse(row.groups),
    control: row.control,
    running: row.running,
  }));
  const [first] = phases;
  if (!first) {
    return [
      {
        id: firstPhaseId,
        startedAt: firstAt,
        endedAt: null,
        groups: input.current ? groupsOf(input.current) : null,
        control: input.current ? controlOf(input.current) : defaultGroup,
        running: input.current !== undefined,
      },
    ];
  }
  if (firstAt && first.startedAt && firstAt < first.startedAt) {
    phases.unshift({
      id: firstPhaseId,
      startedAt: firstAt,
      endedAt: first.startedAt,
      groups: null,
      control: first.control,
      running: true,
    });
  }
  return phases;
}
