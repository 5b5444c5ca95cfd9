import { spawn } from "node:child_process";
import { readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The built product on a loopback port with a throw-away PGlite (or DATABASE_URL's PostgreSQL),
 * started for one benchmark and removed afterwards.
 */
export async function startBenchServer(port: number, env: Record<string, string> = {}) {
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = join(tmpdir(), `kinderready-bench-${port}-${process.pid}`);
  // Started as `npm start` and the image start it (ADR 0057), unless the caller's NODE_OPTIONS
  // sets Node's flags itself.
  const flags = env.NODE_OPTIONS ? [] : ["--max-old-space-size=256"];
  const server = spawn(process.execPath, [...flags, "apps/web/server/main.ts"], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      APP_ENV: "test",
      API_SECRET: "local-development-secret",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...(process.env.DATABASE_URL && { DATABASE_URL: process.env.DATABASE_URL }),
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const stop = async () => {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    await rm(dataDir, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      if ((await fetch(`${baseUrl}/api/v1/health`)).ok) return { baseUrl, stop, pid: server.pid as number };
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error("server did not start within 60 s");
}

/** A process's resident memory in MB, from /proc (Linux): VmRSS of its status. */
export async function residentMegabytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kilobytes = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
  if (!Number.isFinite(kilobytes)) throw new Error(`no VmRSS for process ${pid}`);
  return kilobytes / 1024;
}
