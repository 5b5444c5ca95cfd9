import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "../test/free-port.ts";

// `npm start`'s process for real: the supervisor starts the server on an embedded database in
// memory, and starts it again when it dies, reporting each crash in its log.

const script = fileURLToPath(new URL("./supervise.ts", import.meta.url));
const build = fileURLToPath(new URL("../build/server/index.js", import.meta.url));
const bootMs = 60_000;

type LogLine = { level: number; msg: string; [key: string]: unknown };

async function until<T>(what: string, check: () => T | undefined | Promise<T | undefined>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = await check();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

describe("the supervisor npm start runs", () => {
  const cleanup: (() => void)[] = [];
  afterEach(() => {
    for (const step of cleanup.splice(0)) step();
  });

  it("starts the server again after it exits with 1 or is killed, and reports each crash", async () => {
    // Without the build every start fails for that reason, and the crashes below would be others.
    if (!existsSync(build)) throw new Error(`${build} is missing: run npm run build first (npm test does)`);
    const port = await freePort();
    // The port taken: the first server cannot listen, and exits with 1.
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(port, "127.0.0.1", resolve));
    cleanup.push(() => blocker.close());
    const supervisor: ChildProcess = spawn(process.execPath, [script], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        APP_ENV: "test",
        API_SECRET: "supervisor-test-secret-0123456789",
        HOST: "127.0.0.1",
        PORT: String(port),
        DATA_DIR: "memory://",
        LOG_LEVEL: "info",
        OVERLOAD_EVENT_LOOP_DELAY_MS: "0",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const lines: LogLine[] = [];
    let partial = "";
    supervisor.stdout?.on("data", (chunk: Buffer) => {
      const text = partial + chunk.toString("utf8");
      const complete = text.split("\n");
      partial = complete.pop() ?? "";
      for (const line of complete) {
        try {
          lines.push(JSON.parse(line) as LogLine);
        } catch {}
      }
    });
    supervisor.stderr?.resume();
    const exited = new Promise<number | null>((resolve) => supervisor.once("exit", (code) => resolve(code)));
    const started = () =>
      lines.filter((line) => line.msg === "server process started").map((line) => Number(line.serverPid));
    cleanup.push(() => {
      supervisor.kill("SIGKILL");
      for (const pid of started()) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {}
      }
    });
    const crashes = () => lines.filter((line) => line.msg === "server process crashed");
    const healthy = async () => {
      const answer = await fetch(`http://127.0.0.1:${port}/api/v1/health`).catch(() => undefined);
      return answer?.status === 200 ? true : undefined;
    };

    const exitedWithOne = await until("a crash reported", () => crashes()[0], bootMs);
    expect(exitedWithOne).toMatchObject({ level: 50, code: 1, restartInMs: 1_000, crashesInARow: 1 });
    // The server reported its own fault before it exited (the supervisor reports what it could not).
    const ownReport = lines.find((line) => line.msg === "uncaught exception" || line.msg === "unhandled rejection");
    expect(JSON.stringify(ownReport?.err)).toContain("EADDRINUSE");
    blocker.close();
    await until("healthy after the exit with 1", healthy, bootMs);

    const running = started().at(-1) ?? 0;
    process.kill(running, "SIGKILL");
    const killedAt = Date.now();
    const killed = await until("the kill reported", () => crashes()[1], 5_000);
    expect(killed).toMatchObject({ level: 50, signal: "SIGKILL", restartInMs: 2_000, crashesInARow: 2 });
    await until("healthy after the kill", healthy, bootMs);
    expect(Date.now() - killedAt).toBeLessThan(bootMs);
    expect(started()).toHaveLength(3);

    // SIGTERM reaches the server, which finishes and exits; the supervisor leaves with it.
    supervisor.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(lines.some((line) => line.msg === "shutting down: finishing in-flight requests")).toBe(true);
    expect(() => process.kill(started().at(-1) ?? 0, 0)).toThrow();
  }, 180_000);
});
