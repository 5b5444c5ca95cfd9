import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import { expect } from "@playwright/test";
import { copyMigratedDatabase } from "./migrated-database.ts";

// A spec whose data or settings must be its own (an operator, seeded reviews, the pixel's
// consent) starts the built product on a port and an embedded database of its own.

export type OwnServer = { stop(): Promise<void> };

/**
 * Starts `node apps/web/server/main.ts` on `port` over `dataDir` (a migrated copy unless the spec
 * made it already) and waits for its health; `env` adds to the defaults.
 */
export async function startOwnServer(options: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
}): Promise<OwnServer> {
  const base = `http://127.0.0.1:${options.port}`;
  if (!existsSync(options.dataDir)) await copyMigratedDatabase(options.dataDir);
  const server: ChildProcess = spawn(process.execPath, ["apps/web/server/main.ts"], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      APP_ENV: "test",
      API_SECRET: "local-development-secret",
      PORT: String(options.port),
      APP_URL: base,
      LOG_LEVEL: "warn",
      // Chromium and the suite's other servers share the two cores: shed load only when truly stuck.
      OVERLOAD_EVENT_LOOP_DELAY_MS: "2000",
      IS_DEV: "false",
      DATA_DIR: options.dataDir,
      GEO_PROXY: "header",
      GEO_COUNTRY_HEADER: "x-test-country",
      ...options.env,
    },
    stdio: "ignore",
  });
  await expect
    .poll(async () => (await fetch(`${base}/api/v1/health`).catch(() => undefined))?.status, { timeout: 60_000 })
    .toBe(200);
  return {
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once("exit", resolve));
        server.kill("SIGTERM");
        await exited;
      }
      await rm(options.dataDir, { recursive: true, force: true });
    },
  };
}
