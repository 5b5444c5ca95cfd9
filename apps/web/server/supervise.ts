import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { ConfigError, loadConfig } from "@kinderready/config/config.server";
import { createLogger } from "@kinderready/config/logger";
import { createErrorReporter } from "@kinderready/domain/adapters/create-error-reporter.server";
import { exitOnFatalErrors } from "./fatal-errors.ts";
import { createRestartPolicy } from "./restart-policy.ts";

// The production entry (`npm start`, the image): a small supervisor that runs the server
// (main.ts) as a child process with the Node flags it was started with, passes SIGTERM and
// SIGINT on (the server finishes in-flight work within 10 s), and when the server dies otherwise
// (an exit code other than 0, or a signal: an out-of-memory abort, a kill) reports the crash with
// the end of its stderr (to Sentry too, when configured) and starts it again after a backoff. A
// burst of crashes ends the supervisor with 1, for the orchestrator's own restart policy.

const server = fileURLToPath(new URL("./main.ts", import.meta.url));
/** What a crash report keeps of the server's stderr: its last lines, where Node says why it died. */
const stderrTailChars = 2_000;
/** After this long past a SIGTERM the server is killed: it gives itself 10 s. */
const stopTimeoutMs = 15_000;

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  // Starting a server that cannot read its configuration again would fail the same way.
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

const log = createLogger({ level: config.logLevel }).child({ part: "supervisor" });
const errors = await createErrorReporter(config.sentry, log);
const restarts = createRestartPolicy({
  firstDelayMs: 1_000,
  maxDelayMs: 30_000,
  healthyAfterMs: 60_000,
  maxCrashes: 5,
});

let child: ChildProcess | undefined;
let pendingStart: NodeJS.Timeout | undefined;
/** The signal passed on to the server: the supervisor is stopping. */
let stopping: NodeJS.Signals | undefined;

async function leave(code: number): Promise<never> {
  await errors.close(2_000);
  process.exit(code);
}

function start(): void {
  pendingStart = undefined;
  const startedAt = Date.now();
  let stderrTail = "";
  const running = spawn(process.execPath, [...process.execArgv, server], { stdio: ["ignore", "inherit", "pipe"] });
  child = running;
  log.info({ serverPid: running.pid }, "server process started");
  running.stderr?.on("data", (chunk: Buffer) => {
    process.stderr.write(chunk);
    stderrTail = (stderrTail + chunk.toString("utf8")).slice(-stderrTailChars);
  });
  // "close", not "exit": it comes once stderr is read to its end, where Node says why it died.
  running.once("close", (code, signal) => {
    child = undefined;
    if (stopping || code === 0) {
      if (!stopping) log.info({ code }, "server process exited on its own: stopping");
      // A server stopped by the signal itself had not started serving yet (it stops gracefully after).
      void leave(signal === stopping ? 0 : (code ?? 1));
      return;
    }
    const ranForMs = Date.now() - startedAt;
    const next = restarts.afterCrash(ranForMs);
    const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
    errors.report(new Error(`the server process ${how}`), {
      msg: "server process crashed",
      extra: {
        code: code ?? undefined,
        signal: signal ?? undefined,
        ranForMs,
        crashesInARow: next.crashesInARow,
        restartInMs: "restartInMs" in next ? next.restartInMs : undefined,
        stderrTail: stderrTail.trim(),
      },
    });
    if ("giveUp" in next) {
      log.error({ crashesInARow: next.crashesInARow }, "server process keeps crashing: giving up");
      void leave(1);
      return;
    }
    pendingStart = setTimeout(start, next.restartInMs);
  });
}

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = signal;
    clearTimeout(pendingStart);
    if (!child) {
      void leave(0);
      return;
    }
    child.kill(signal);
    const running = child;
    setTimeout(() => {
      log.error({ serverPid: running.pid }, "server process did not stop in time: killed");
      running.kill("SIGKILL");
    }, stopTimeoutMs).unref();
  });
}

// The supervisor's own fault must not leave its server running without it.
exitOnFatalErrors(errors, { beforeExit: () => child?.kill("SIGKILL") });
start();
