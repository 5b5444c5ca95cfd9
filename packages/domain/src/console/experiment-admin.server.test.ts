import { createLogger } from "@kinderready/config/logger";
import type { DbHandle } from "@kinderready/db/open-db";
import { auditLog, settings, splitPhases } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestParent } from "../../test/test-data.server.ts";
import { assignIntroOfferGroup, createSplitConfig, type SplitConfig } from "../experiments/split-config.server.ts";
import { splitsSettingKey } from "../experiments/split-queries.server.ts";
import { splitsConfigSchema } from "../experiments/split-tests.ts";
import { listExperiments, setSplitWeights, startSplit, stopSplit } from "./experiment-admin.server.ts";
import { createOperator } from "./operator-accounts.server.ts";

describe.each(testDatabases())("experiment administration on $name", (target) => {
  let database: DbHandle;
  let splits: SplitConfig;
  let operatorId: string;

  beforeAll(async () => {
    database = await openTestDatabase(target);
    splits = createSplitConfig({
      db: database.db,
      log: createLogger({ level: "warn" }),
      groupKey: "test-split-group-key",
    });
    ({ id: operatorId } = await createOperator(database, {
      email: "ops@example.com",
      password: "a long operator passphrase",
      createdBy: null,
    }));
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  const placeNewParent = async () => {
    const parent = await insertTestParent(database.db);
    return assignIntroOfferGroup(
      { db: database.db, splits },
      {
        userId: parent.id,
        locale: "en",
        flow: "copy_1",
      },
    );
  };

  it("re-weights a running split: everyone new lands where the weights say, and it is audited", async () => {
    // The save-offer experiment is known but not running until an operator starts it.
    expect(await listExperiments(splits)).toEqual([
      expect.objectContaining({ name: "intro-offer", running: true }),
      expect.objectContaining({ name: "save-offer-high-price", scope: "cancel-flow", running: false }),
    ]);
    await setSplitWeights(splits, { name: "intro-offer", weights: { A: 0, B: 1 }, operatorId });
    expect((await splits.current()).find((split) => split.name === "intro-offer")?.groups).toEqual([
      { name: "A", weight: 0 },
      { name: "B", weight: 1 },
    ]);
    for (let i = 0; i < 5; i += 1) expect(await placeNewParent()).toEqual({ group: "B", inSplit: true });
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, "experiment.weights"));
    expect(entry).toMatchObject({ operatorId, action: "experiment.weights", target: "intro-offer" });
    expect(entry?.details).toMatchObject({
      before: {
        groups: [
          { name: "A", weight: 0.5 },
          { name: "B", weight: 0.5 },
        ],
      },
      after: {
        groups: [
          { name: "A", weight: 0 },
          { name: "B", weight: 1 },
        ],
      },
    });
  });

  it("refuses weights that leave nobody a group, or miss one, and changes nothing", async () => {
    await expect(
      setSplitWeights(splits, { name: "intro-offer", weights: { A: 0, B: 0 }, operatorId }),
    ).rejects.toMatchObject({ code: "invalid", field: "weight" });
    await expect(setSplitWeights(splits, { name: "intro-offer", weights: { A: 1 }, operatorId })).rejects.toMatchObject(
      { code: "invalid", field: "weight.B" },
    );
    await expect(setSplitWeights(splits, { name: "nope", weights: { A: 1 }, operatorId })).rejects.toMatchObject({
      code: "not-found",
    });
    expect((await splits.current())[0]?.groups.map((group) => group.weight)).toEqual([0, 1]);
  });

  it("stops a split (everyone new sees the control) and starts it again with its defaults", async () => {
    await stopSplit(splits, { name: "intro-offer", operatorId });
    expect(await listExperiments(splits)).toEqual([
      expect.objectContaining({ name: "intro-offer", running: false }),
      expect.objectContaining({ name: "save-offer-high-price", running: false }),
    ]);
    expect(await placeNewParent()).toEqual({ group: "A", inSplit: false });
    await expect(stopSplit(splits, { name: "intro-offer", operatorId })).rejects.toMatchObject({
      code: "not-found",
    });
    await startSplit(splits, { name: "intro-offer", operatorId });
    await expect(startSplit(splits, { name: "intro-offer", operatorId })).rejects.toMatchObject({
      code: "conflict",
    });
    expect((await splits.current())[0]?.groups).toEqual([
      { name: "A", weight: 0.5 },
      { name: "B", weight: 0.5 },
    ]);
    const actions = (await database.db.select().from(auditLog).orderBy(asc(auditLog.id))).map((row) => row.action);
    expect(actions.filter((action) => action.startsWith("experiment."))).toEqual([
      "experiment.weights",
      "experiment.stop",
      "experiment.start",
    ]);
  });

  it("ends the open phase and opens the next at every change, each with its weights and whether it ran", async () => {
    const phases = await database.db.select().from(splitPhases).orderBy(asc(splitPhases.startedAt));
    // Nobody was placed before the first change, so no implied phase: 0/1, the stop, the start.
    expect(phases.map((phase) => [phase.running, phase.groups, phase.endedAt === null])).toEqual([
      [
        true,
        [
          { name: "A", weight: 0 },
          { name: "B", weight: 1 },
        ],
        false,
      ],
      [
        false,
        [
          { name: "A", weight: 0 },
          { name: "B", weight: 1 },
        ],
        false,
      ],
      [
        true,
        [
          { name: "A", weight: 0.5 },
          { name: "B", weight: 0.5 },
        ],
        true,
      ],
    ]);
    for (const [index, phase] of phases.slice(1).entries()) expect(phase.startedAt).toEqual(phases[index]?.endedAt);
  });

  it("opens a phase for an edit made around the console, at the row's time when the edit set it", async () => {
    const weigh = async (a: number, b: number, updatedAt?: Date) => {
      const [row] = await database.db.select().from(settings).where(eq(settings.key, splitsSettingKey));
      const edited = splitsConfigSchema
        .parse(row?.value)
        .map((split) =>
          split.name === "intro-offer"
            ? { ...split, groups: split.groups.map((group) => ({ ...group, weight: group.name === "A" ? a : b })) }
            : split,
        );
      await database.db
        .update(settings)
        .set({ value: edited, ...(updatedAt && { updatedAt }) })
        .where(eq(settings.key, splitsSettingKey));
    };
    const phases = async () =>
      (await database.db.select().from(splitPhases).orderBy(asc(splitPhases.startedAt))).map((phase) => ({
        weights: (phase.groups as { weight: number }[]).map((group) => group.weight),
        startedAt: phase.startedAt,
        endedAt: phase.endedAt,
      }));
    const before = await phases();

    // SQL that left the row's time alone: the edit is dated when it is first seen.
    await weigh(0.2, 0.8);
    const seen = new Date();
    await splits.reconcilePhases();
    await splits.reconcilePhases();
    const unknownTime = await phases();
    expect(unknownTime.map((phase) => phase.weights)).toEqual([...before.map((phase) => phase.weights), [0.2, 0.8]]);
    expect(unknownTime.at(-1)?.startedAt.getTime()).toBeGreaterThanOrEqual(seen.getTime());
    expect(unknownTime.at(-2)?.endedAt).toEqual(unknownTime.at(-1)?.startedAt);

    // SQL that dated the row: the phase starts then.
    const editedAt = new Date();
    await weigh(0.3, 0.7, editedAt);
    await new Promise((resolve) => setTimeout(resolve, 5));
    // The console's next change finds the edit first; no empty phase is left between them.
    await setSplitWeights(splits, { name: "intro-offer", weights: { A: 0.5, B: 0.5 }, operatorId });
    const after = await phases();
    expect(after.slice(-3).map((phase) => phase.weights)).toEqual([
      [0.2, 0.8],
      [0.3, 0.7],
      [0.5, 0.5],
    ]);
    expect(after.at(-2)?.startedAt).toEqual(editedAt);
    for (const [index, phase] of after.slice(1).entries()) expect(phase.startedAt).toEqual(after[index]?.endedAt);
  });
});
