import type { Database } from "@kinderready/db/open-db";
import { z } from "zod";
import { findFirstExposureAt, listSplitPhaseRows } from "./split-queries.server.ts";
import { controlOf, defaultGroup, type SplitDefinition } from "./split-tests.ts";

// A split's phases: the periods it ran with one set of groups, weights and control. Every change
// of the configuration ends the split's open phase and opens the next one, in the transaction of
// the change (split-config.server.ts), so each exposure (by its time) belongs to exactly one
// phase and the sample-ratio check compares it with the weights that placed it. A split
// configured before phases were recorded has none: its first phase is implied, from its first
// exposure with the weights in force, and written down when the first change ends it.

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

/** A split's groups and weights, as a phase records them. */
export const groupsOf = (split: SplitDefinition): PhaseGroup[] =>
  split.groups.map(({ name, weight }) => ({ name, weight }));

/**
 * A split's phases, oldest first. Without rows, one implied phase from the first exposure with
 * the configuration in force (`current`; unknown weights when the split is not configured).
 * Exposures older than the first row (a split stopped before phases were recorded, then started
 * again) make an implied phase of unknown weights before it.
 */
export async function listSplitPhases(
  deps: { db: Database },
  input: { split: string; current: SplitDefinition | undefined },
): Promise<SplitPhase[]> {
  const [rows, firstAt] = await Promise.all([
    listSplitPhaseRows(deps.db, input.split),
    findFirstExposureAt(deps.db, input.split),
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
