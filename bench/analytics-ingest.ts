import { randomUUID } from "node:crypto";
import http from "node:http";
import pg from "pg";
import { startBenchServer } from "./bench-server.ts";

// Event ingestion: batches of 100 funnel events posted to /api/v1/analytics/events by a pool of
// keep-alive connections for a fixed time, on PGlite and (when BENCH_DATABASE_URL or
// TEST_DATABASE_URL names a PostgreSQL server) on PostgreSQL in a throw-away database.
// Prints accepted events per second and accept latency. Usage: npm run bench:analytics
// Options: SECONDS (default 10), CONNECTIONS (default 16).

const seconds = Number(process.env.SECONDS ?? 10);
const connections = Number(process.env.CONNECTIONS ?? 16);
const batchSize = 100;
const pages = ["/onboarding/", "/offer1/", "/printables/"];
const names = ["quiz_step_viewed", "quiz_step_answered", "offer_viewed", "checkout_started", "page_viewed"];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

/** A batch as a browser sends it: one session, fresh event ids, and its device's cookie. */
function batchBody(seed: number): { body: string; cookie: string } {
  const now = Date.now();
  const cookie = `kr_device=bench-device-${String(seed % 5000).padStart(8, "0")}`;
  const body = JSON.stringify({
    session_id: now - (seed % 600_000),
    user_properties: { "intro-offer": seed % 2 ? "A" : "B" },
    events: Array.from({ length: batchSize }, (_, index) => ({
      event_id: randomUUID(),
      name: names[index % names.length],
      time: now + index,
      page: pages[index % pages.length],
      properties: { step: index % 17, flow: "copy_1" },
    })),
  });
  return { body, cookie };
}

function post(agent: http.Agent, url: URL, { body, cookie }: { body: string; cookie: string }): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: "POST",
        agent,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), cookie },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

async function run(label: string, env: Record<string, string>) {
  const { baseUrl, stop } = await startBenchServer(3302, { RATE_LIMIT_MAX: "100000000", ...env });
  try {
    const url = new URL("/api/v1/analytics/events", baseUrl);
    const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
    // Bodies (fresh event ids each) are made before the clock starts: the load generator shares
    // the machine's two cores. Beyond them, batches are made on the fly.
    const bodies = Array.from({ length: 4000 }, (_, seed) => batchBody(seed));
    let made = 0;
    const nextBody = () => bodies[made++] ?? batchBody(made);
    // Warm-up: JIT, connection pool, first inserts.
    await Promise.all(Array.from({ length: connections }, () => post(agent, url, batchBody(-1))));

    const latencies: number[] = [];
    let accepted = 0;
    let failed = 0;
    const start = performance.now();
    const until = start + seconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < until) {
          const body = nextBody();
          const sent = performance.now();
          const status = await post(agent, url, body);
          latencies.push(performance.now() - sent);
          if (status === 202) accepted += batchSize;
          else failed += 1;
        }
      }),
    );
    const elapsed = (performance.now() - start) / 1000;
    agent.destroy();
    const sorted = latencies.sort((a, b) => a - b);
    console.log(
      `${label}: ${Math.round(accepted / elapsed).toLocaleString("en")} events/s   ` +
        `accept latency p50 ${percentile(sorted, 0.5).toFixed(1)} ms  p99 ${percentile(sorted, 0.99).toFixed(1)} ms   ` +
        `(${sorted.length} batches of ${batchSize}, ${connections} connections, ${elapsed.toFixed(1)} s, ${failed} failed)`,
    );
  } finally {
    await stop();
  }
}

await run("PGlite", {});
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (serverUrl) {
  const name = `bench_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    await run("PostgreSQL", { DATABASE_URL: url.toString() });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
} else {
  console.log("PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)");
}
