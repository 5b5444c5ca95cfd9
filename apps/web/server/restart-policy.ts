// When the supervisor starts the server again after a crash: after a delay that doubles with
// each crash in a row (a server that cannot start must not spin), counted afresh once a server
// ran healthy for a while, and not at all after a burst of crashes, so that whoever runs the
// supervisor (a container orchestrator, systemd) sees the failure and applies its own policy.

export type RestartPolicySettings = {
  firstDelayMs: number;
  maxDelayMs: number;
  /** A server that ran this long before it crashed starts the count again. */
  healthyAfterMs: number;
  /** The crash in a row at which the supervisor gives up. */
  maxCrashes: number;
};

export type AfterCrash = { restartInMs: number; crashesInARow: number } | { giveUp: true; crashesInARow: number };

export function createRestartPolicy(settings: RestartPolicySettings): { afterCrash(ranForMs: number): AfterCrash } {
  let crashesInARow = 0;
  return {
    afterCrash(ranForMs) {
      crashesInARow = ranForMs >= settings.healthyAfterMs ? 1 : crashesInARow + 1;
      if (crashesInARow >= settings.maxCrashes) return { giveUp: true, crashesInARow };
      const restartInMs = Math.min(settings.firstDelayMs * 2 ** (crashesInARow - 1), settings.maxDelayMs);
      return { restartInMs, crashesInARow };
    },
  };
}
