import { AppError, AppErrorCode } from "../app-error.ts";
import type { SplitConfig } from "../experiments/split-config.server.ts";
import { knownSplits, type SplitDefinition } from "../experiments/split-tests.ts";
import { insertAuditEntry } from "./audit-log-queries.server.ts";

// The operator starts, stops, re-weights split tests and names their control from the console.
// Each is an edit of the remote configuration (SPLITS_SC) the funnel reads, made under a lock,
// ending the split's phase and opening the next, and audited with the configuration before and
// after, all in one transaction. Only splits the product knows how to run can be started.

export type ExperimentStatus = SplitDefinition & { running: boolean };

/** Every split the product runs: those configured (running) and the known ones not configured (stopped). */
export async function listExperiments(splits: SplitConfig): Promise<ExperimentStatus[]> {
  const configured = await splits.current();
  const stopped = knownSplits.filter((known) => !configured.some((split) => split.name === known.name));
  return [
    ...configured.map((split) => ({ ...split, running: true })),
    ...stopped.map((split) => ({ ...split, running: false })),
  ];
}

const notRunning = (name: string) =>
  new AppError(AppErrorCode.NotFound, "split", `No running split is named ${name}`, "experiments.errors.notRunning");

/** New weights for a running split's groups (every group named, none added). */
export async function setSplitWeights(
  splits: SplitConfig,
  input: { name: string; weights: Record<string, number>; operatorId: string },
): Promise<void> {
  await splits.change(
    (current) => {
      const split = current.find((candidate) => candidate.name === input.name);
      if (!split) throw notRunning(input.name);
      const groups = split.groups.map((group) => {
        const weight = input.weights[group.name];
        if (weight === undefined)
          throw new AppError(
            AppErrorCode.Invalid,
            `weight.${group.name}`,
            "A weight is missing",
            "experiments.errors.weight",
          );
        return { name: group.name, weight };
      });
      if (!groups.some((group) => group.weight > 0)) {
        throw new AppError(
          AppErrorCode.Invalid,
          "weight",
          "At least one group needs a weight above 0",
          "experiments.errors.allZero",
        );
      }
      return current.map((candidate) => (candidate === split ? { ...split, groups } : candidate));
    },
    (tx, before, after) =>
      insertAuditEntry(tx, {
        operatorId: input.operatorId,
        action: "experiment.weights",
        target: input.name,
        details: { before: before.find((s) => s.name === input.name), after: after.find((s) => s.name === input.name) },
      }),
  );
}

/**
 * Names the group a running split's results compare the others with. Assignment does not change:
 * it only opens a phase, so each period is read against the control it had.
 */
export async function setSplitControl(
  splits: SplitConfig,
  input: { name: string; control: string; operatorId: string },
): Promise<void> {
  await splits.change(
    (current) => {
      const split = current.find((candidate) => candidate.name === input.name);
      if (!split) throw notRunning(input.name);
      if (!split.groups.some((group) => group.name === input.control)) {
        throw new AppError(
          AppErrorCode.Invalid,
          "control",
          "The control must be one of the groups",
          "experiments.errors.control",
        );
      }
      return current.map((candidate) => (candidate === split ? { ...split, control: input.control } : candidate));
    },
    (tx, before, after) =>
      insertAuditEntry(tx, {
        operatorId: input.operatorId,
        action: "experiment.control",
        target: input.name,
        details: { before: before.find((s) => s.name === input.name), after: after.find((s) => s.name === input.name) },
      }),
  );
}

/** Stops a split: it leaves the configuration, everyone new sees the control, results stay. */
export async function stopSplit(splits: SplitConfig, input: { name: string; operatorId: string }): Promise<void> {
  await splits.change(
    (current) => {
      if (!current.some((split) => split.name === input.name)) throw notRunning(input.name);
      return current.filter((split) => split.name !== input.name);
    },
    (tx, before) =>
      insertAuditEntry(tx, {
        operatorId: input.operatorId,
        action: "experiment.stop",
        target: input.name,
        details: { before: before.find((split) => split.name === input.name) },
      }),
  );
}

/** Starts a known split again with its default groups and weights. */
export async function startSplit(splits: SplitConfig, input: { name: string; operatorId: string }): Promise<void> {
  const known = knownSplits.find((split) => split.name === input.name);
  if (!known)
    throw new AppError(
      AppErrorCode.NotFound,
      "split",
      `The product has no split named ${input.name}`,
      "experiments.errors.unknown",
    );
  await splits.change(
    (current) => {
      if (current.some((split) => split.name === input.name)) {
        throw new AppError(
          AppErrorCode.Conflict,
          "split",
          `${input.name} is running already`,
          "experiments.errors.running",
        );
      }
      return [...current, known];
    },
    (tx) =>
      insertAuditEntry(tx, {
        operatorId: input.operatorId,
        action: "experiment.start",
        target: input.name,
        details: { after: known },
      }),
  );
}
