import { describe, expect, it } from "vitest";
import { createRestartPolicy } from "./restart-policy.ts";

const policy = () =>
  createRestartPolicy({ firstDelayMs: 1_000, maxDelayMs: 30_000, healthyAfterMs: 60_000, maxCrashes: 8 });

describe("when the supervisor starts the server again", () => {
  it("waits 1 s after a crash, doubling with each crash in a row up to 30 s", () => {
    const restarts = policy();
    const delays = Array.from({ length: 7 }, () => restarts.afterCrash(5_000));
    expect(delays).toEqual([
      { restartInMs: 1_000, crashesInARow: 1 },
      { restartInMs: 2_000, crashesInARow: 2 },
      { restartInMs: 4_000, crashesInARow: 3 },
      { restartInMs: 8_000, crashesInARow: 4 },
      { restartInMs: 16_000, crashesInARow: 5 },
      { restartInMs: 30_000, crashesInARow: 6 },
      { restartInMs: 30_000, crashesInARow: 7 },
    ]);
  });

  it("starts counting again after a minute of healthy running", () => {
    const restarts = policy();
    restarts.afterCrash(1_000);
    restarts.afterCrash(1_000);
    expect(restarts.afterCrash(60_000)).toEqual({ restartInMs: 1_000, crashesInARow: 1 });
    expect(restarts.afterCrash(59_999)).toEqual({ restartInMs: 2_000, crashesInARow: 2 });
  });

  it("gives up at a burst of crashes, so the orchestrator sees the process fail", () => {
    const restarts = createRestartPolicy({
      firstDelayMs: 1_000,
      maxDelayMs: 30_000,
      healthyAfterMs: 60_000,
      maxCrashes: 3,
    });
    expect(restarts.afterCrash(10)).toMatchObject({ crashesInARow: 1 });
    expect(restarts.afterCrash(10)).toMatchObject({ crashesInARow: 2 });
    expect(restarts.afterCrash(10)).toEqual({ giveUp: true, crashesInARow: 3 });
  });
});
