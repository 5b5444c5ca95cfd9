import { memoryLogger } from "@kinderready/config/test/memory-logger";
import type { DbHandle } from "@kinderready/db/open-db";
import { settings, splitExposures } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestParent } from "../../test/test-data.server.ts";
import {
  assignIntroOfferGroup,
  createSplitConfig,
  type SplitConfig,
  splitsMinFetchIntervalMs,
} from "./split-config.server.ts";
import { assignGroup, defaultSplits, introOfferSplit } from "./split-tests.ts";

describe.each(testDatabases())("split tests from remote configuration on $name", (target) => {
  let database: DbHandle;
  let splits: SplitConfig;
  const logged = memoryLogger();
  const deps = () => ({ db: database.db, splits });
  const newUser = () => insertTestParent(database.db);
  const exposures = (userId: string) =>
    database.db.select().from(splitExposures).where(eq(splitExposures.userId, userId));

  beforeAll(async () => {
    database = await openTestDatabase(target);
    splits = createSplitConfig({ db: database.db, log: logged.log, groupKey: "test-split-group-key" });
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  it("places a copy_1 parent in the default language by the hash, and logs the exposure once", async () => {
    const user = await newUser();
    const first = await assignIntroOfferGroup(deps(), {
      userId: user.id,
      locale: "en",
      flow: "copy_1",
    });
    const again = await assignIntroOfferGroup(deps(), { userId: user.id, locale: "en", flow: "copy_1" });
    expect(first).toEqual({
      group: assignGroup(introOfferSplit, splits.positionOf(introOfferSplit.name, user.id)),
      inSplit: true,
    });
    expect(again).toEqual(first);
    expect(await exposures(user.id)).toEqual([
      expect.objectContaining({ splitName: "intro-offer", group: first.group }),
    ]);
  });

  it("keeps other languages and the main flow in A, unexposed", async () => {
    const user = await newUser();
    const notInSplit = { group: "A", inSplit: false };
    expect(
      await assignIntroOfferGroup(deps(), {
        userId: user.id,
        locale: "de",
        flow: "copy_1",
      }),
    ).toEqual(notInSplit);
    expect(await assignIntroOfferGroup(deps(), { userId: user.id, locale: "en", flow: "main" })).toEqual(notInSplit);
    expect(await exposures(user.id)).toEqual([]);
  });

  it("follows the operator's weights at once, and ignores splits it does not know", async () => {
    await splits.replace([
      { scope: "purchase", name: "intro-offer", groups: [{ name: "B", weight: 1 }] },
      { scope: "nowhere", name: "something-else", groups: [{ name: "A", weight: 0.5 }] },
    ]);
    const user = await newUser();
    expect(
      await assignIntroOfferGroup(deps(), {
        userId: user.id,
        locale: "en",
        flow: "copy_1",
      }),
    ).toEqual({
      group: "B",
      inSplit: true,
    });
    // Ended by the operator: everybody back in A, and nobody newly exposed.
    await splits.replace([]);
    const later = await newUser();
    expect(
      await assignIntroOfferGroup(deps(), {
        userId: later.id,
        locale: "en",
        flow: "copy_1",
      }),
    ).toEqual({
      group: "A",
      inSplit: false,
    });
    expect(await exposures(later.id)).toEqual([]);
  });

  it("keeps a parent in the group they were first placed in when the weights change, unless it is closed", async () => {
    const weigh = (groups: { name: string; weight: number }[]) =>
      splits.replace([{ scope: "purchase", name: "intro-offer", groups }]);
    const user = await newUser();
    const place = () => assignIntroOfferGroup(deps(), { userId: user.id, locale: "en", flow: "copy_1" });
    await weigh([{ name: "B", weight: 1 }]);
    expect(await place()).toEqual({ group: "B", inSplit: true });
    // A weights everyone new into A; the price this parent saw stays theirs.
    await weigh([
      { name: "A", weight: 1 },
      { name: "B", weight: 0.0001 },
    ]);
    expect(await place()).toEqual({ group: "B", inSplit: true });
    // A group closed to everyone (weight 0) places its parents again.
    await weigh([
      { name: "A", weight: 1 },
      { name: "B", weight: 0 },
    ]);
    expect(await place()).toEqual({ group: "A", inSplit: true });
    expect(await exposures(user.id)).toEqual([expect.objectContaining({ group: "B" })]);
    await splits.replace([]);
  });

  it("reads the configuration at most once a second, and uses the defaults when it is unreadable", async () => {
    await splits.replace([]);
    const start = Date.now();
    expect(await splits.current(start)).toEqual([]);
    // Written behind the API's back, and not valid: seen only after the minimum interval.
    await database.db
      .update(settings)
      .set({ value: [{ scope: "purchase" }] })
      .where(eq(settings.key, "SPLITS_SC"));
    expect(await splits.current(start + splitsMinFetchIntervalMs - 1)).toEqual([]);
    expect(await splits.current(start + splitsMinFetchIntervalMs)).toEqual(defaultSplits);
    expect(logged.lines).toEqual([expect.objectContaining({ level: 50, msg: "remote_config_fetch_failed" })]);
  });
});
