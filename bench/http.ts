import { spawn } from "node:child_process";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { measurePageWeight } from "./page-weight.ts";

// Loopback-only, bounded benchmark of the built server: throughput and latency for an SSR
// page and the health endpoint, plus what a first visit to the funnel pages downloads.
// Usage: npm run bench [-- --seconds 10 --connections 10]   (DATABASE_URL selects PostgreSQL)

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
  args.set(String(process.argv[i]).replace(/^--/, ""), String(process.argv[i + 1]));
const seconds = Math.min(Number(args.get("seconds") ?? 10), 120);
const connections = Math.min(Number(args.get("connections") ?? 10), 100);
const port = 3300;
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = join(tmpdir(), `kinderready-bench-${process.pid}`);

const server = spawn(process.execPath, ["apps/web/server/main.ts"], {
  env: {
    PATH: process.env.PATH,
    NODE_ENV: "production",
    APP_ENV: "test",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    RATE_LIMIT_MAX: "100000000",
    ...(process.env.DATABASE_URL && { DATABASE_URL: process.env.DATABASE_URL }),
  },
  stdio: ["ignore", "inherit", "inherit"],
});

async function waitForServer(): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      if ((await fetch(`${baseUrl}/api/v1/health`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("server did not start within 60 s");
}

async function load(title: string, path: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url: `${baseUrl}${path}`, connections, duration: seconds, headers });
  const errors = result.errors + result.timeouts + result.non2xx;
  console.log(
    `${title.padEnd(38)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   errors ${errors}`,
  );
  return result.requests.average;
}

try {
  await waitForServer();
  console.log(
    `database: ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}; ${connections} connections, ${seconds} s per run, loopback\n`,
  );
  const ssr = await load("SSR page GET /onboarding/ (br)", "/onboarding/", {
    "accept-encoding": "br",
    "accept-language": "en",
  });
  const ssrAr = await load("SSR page GET /ar/onboarding/ (br)", "/ar/onboarding/", { "accept-encoding": "br" });
  const health = await load("GET /api/v1/health", "/api/v1/health");
  console.log(`\nSSR / health ratio: ${(ssr / health).toFixed(3)} (en), ${(ssrAr / health).toFixed(3)} (ar)`);

  console.log("\nfirst-visit weight, gzipped (budget: JS <= 110 KB, CSS <= 20 KB, HTML <= 30 KB)");
  for (const path of ["/onboarding/", "/quiz1/", "/purchase/", "/ar/onboarding/", "/printables/"]) {
    const weight = await measurePageWeight(baseUrl, path);
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`.padStart(9);
    console.log(
      `${path.padEnd(20)} JS ${kb(weight.jsGzip)}   CSS ${kb(weight.cssGzip)}   HTML ${kb(weight.htmlGzip)}   (${weight.files} files)`,
    );
  }
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  await rm(dataDir, { recursive: true, force: true });
}
