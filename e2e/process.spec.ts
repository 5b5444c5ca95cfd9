import { type ChildProcess, spawn } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { apiKeyFor } from "@kinderready/config/config.server";
import { expect, test } from "@playwright/test";
import { copyMigratedDatabase } from "./migrated-database.ts";

// The server process itself: start-up validation and graceful shutdown. The servers start over a
// copy of the run's migrated database; a start from an empty one is supervise.test.ts's.

const started: ChildProcess[] = [];
// A failed test must not leave its server holding the port for the next one.
test.afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ["apps/web/server/main.ts"], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      APP_ENV: "test",
      API_SECRET: "local-development-secret",
      LOG_LEVEL: "info",
      ...env,
    },
  });
  started.push(child);
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

test("a bad setting stops start-up with one line naming the variable", async () => {
  const server = startServer({ PORT: "eighty" });
  expect(await server.exited).toBe(1);
  const lines = server.output().trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain("PORT");
});

test("SIGTERM finishes in-flight requests, then exits cleanly", async () => {
  test.setTimeout(60_000);
  // Its own port and data per repetition, so `--repeat-each` can run copies side by side.
  const copy = test.info().repeatEachIndex;
  const port = 3190 + copy;
  const dataDir = join(tmpdir(), `kinderready-sigterm-${process.pid}-${copy}`);
  await copyMigratedDatabase(dataDir);
  const server = startServer({ PORT: String(port), DATA_DIR: dataDir });
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/v1/health`).catch(() => undefined))?.status, {
      timeout: 45_000,
    })
    .toBe(200);
  const inFlight = fetch(`http://127.0.0.1:${port}/onboarding/?in-flight`);
  // Signal only once the server has logged the request: a fixed wait loses the race on a busy machine.
  await expect.poll(() => server.output().includes("in-flight"), { timeout: 10_000, intervals: [5] }).toBe(true);
  server.child.kill("SIGTERM");
  expect((await inFlight).status).toBe(200);
  expect(await server.exited).toBe(0);
  expect(server.output()).toContain("shutting down");
});

test("tokens in addresses never reach the logs, and pages tell browsers to keep them from other sites", async () => {
  test.setTimeout(60_000);
  const copy = test.info().repeatEachIndex;
  const port = 3180 + copy;
  const dataDir = join(tmpdir(), `kinderready-logs-${process.pid}-${copy}`);
  await copyMigratedDatabase(dataDir);
  const server = startServer({ PORT: String(port), DATA_DIR: dataDir });
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/v1/health`).catch(() => undefined))?.status, {
      timeout: 45_000,
    })
    .toBe(200);
  const secret = "SecretTokenThatMustNotBeLogged42";
  const page = await fetch(`http://127.0.0.1:${port}/printables/?token=${secret}`, { redirect: "manual" });
  await fetch(`http://127.0.0.1:${port}/profile/?access=${secret}`);
  await fetch(`http://127.0.0.1:${port}/api/v1/printables/${secret}?locale=en&product=kinderready`, {
    headers: { "x-api-key": apiKeyFor("local-development-secret") },
  });
  expect(page.headers.get("referrer-policy")).toBe("same-origin");
  // A shared environment never shows the outbox: it holds every parent's sign-in links.
  expect((await fetch(`http://127.0.0.1:${port}/dev/mailbox/`)).status).toBe(404);
  await expect.poll(() => server.output().includes("/api/v1/printables/"), { timeout: 10_000 }).toBe(true);
  expect(server.output()).toContain("/printables/?token=…");
  expect(server.output()).not.toContain(secret);
});
