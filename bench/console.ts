import { performance } from "node:perf_hooks";
import { createLogger } from "@kinderready/config/logger";
import { type DbHandle, openDb } from "@kinderready/db/open-db";
import { findCustomers, getCustomer } from "@kinderready/domain/console/customer-admin.server";
import { getExperimentResults } from "@kinderready/domain/console/experiment-results.server";
import { getFunnelReport } from "@kinderready/domain/console/funnel-report.server";
import { getRevenueReport } from "@kinderready/domain/console/revenue-report.server";
import { getSubscriptionCohorts } from "@kinderready/domain/console/subscription-cohorts.server";
import { getSubscriptionMetrics } from "@kinderready/domain/console/subscription-metrics.server";
import { createSplitConfig } from "@kinderready/domain/experiments/split-config.server";
import { sql } from "drizzle-orm";
import pg from "pg";
import { seedConsoleData } from "./console-data.ts";

// The operator console's aggregates on a seeded business: 1,000,000 events and 50,000 parents
// by default, on PostgreSQL (a throw-away database on BENCH_DATABASE_URL or TEST_DATABASE_URL)
// and, with PGLITE=1, on embedded PGlite too. Prints seeding time, table sizes and each
// report's p50 / p95 / max over repeated runs. Usage: npm run bench:console
// Options: USERS (default 50000), EVENTS (default 1000000), RUNS (default 20).

const users = Number(process.env.USERS ?? 50_000);
const events = Number(process.env.EVENTS ?? 1_000_000);
const runs = Number(process.env.RUNS ?? 20);
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function time(label: string, work: () => Promise<unknown>) {
  await work(); // warm the caches and the plan
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(10);
  console.log(
    `  ${label.padEnd(44)} p50 ${ms(quantile(samples, 0.5))}  p95 ${ms(quantile(samples, 0.95))}  max ${ms(samples.at(-1) ?? 0)}`,
  );
}

async function benchmark(name: string, handle: DbHandle) {
  const { db } = handle;
  await handle.migrate();
  const now = new Date();
  const seedStart = performance.now();
  await seedConsoleData(db, { users, events, now });
  console.log(`\n${name}: seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
  const count = async (table: string) =>
    Number(
      ((await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as { rows: { n: number }[] }).rows[0]?.n,
    );
  for (const table of ["analytics_events", "users", "funnel_visitors", "orders", "ledger_entries", "split_exposures"]) {
    console.log(`  ${table.padEnd(18)} ${String(await count(table)).padStart(9)} rows`);
  }
  const to = now.toISOString().slice(0, 10);
  const since = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
  await time("funnel, 90 days, no filter", () => getFunnelReport(handle, { from: since(90), to }));
  await time("funnel, 30 days, no filter", () => getFunnelReport(handle, { from: since(30), to }));
  await time("funnel, 90 days, en + us + copy_1 + mobile", () =>
    getFunnelReport(handle, { from: since(90), to, locale: "en", country: "us", flow: "copy_1", device: "mobile" }),
  );
  await time("funnel, 90 days, utm_source=tiktok", () =>
    getFunnelReport(handle, { from: since(90), to, utmSource: "tiktok" }),
  );
  await time("funnel, 90 days, key steps, by country", () =>
    getFunnelReport(handle, { from: since(90), to, steps: "key", breakdown: "country" }),
  );
  await time("funnel, 90 days, 30-day window, dropped at offer", () =>
    getFunnelReport(handle, { from: since(90), to, window: 30, dropped: "offer" }),
  );
  await time("experiment intro-offer, all time", () =>
    getExperimentResults(
      {
        db,
        splits: createSplitConfig({ db, log: createLogger({ level: "warn" }), groupKey: "bench-split-group-key" }),
      },
      { split: "intro-offer" },
    ),
  );
  await time("revenue, 90 days", () => getRevenueReport(handle, { from: since(90), to }, now));
  await time("revenue, 30 days", () => getRevenueReport(handle, { from: since(30), to }, now));
  await time("subscription metrics, 90 days", () => getSubscriptionMetrics(handle, { from: since(90), to }, now));
  await time("subscription cohorts, 90 days", () => getSubscriptionCohorts(handle, { from: since(90), to }, now));
  await time("customers, email prefix seed-4", () => findCustomers(handle, { query: "seed-4" }));
  await time("customers, order id", () => findCustomers(handle, { query: "seed-first-1234" }));
  const [someone] = await findCustomers(handle, { query: "seed-1234@" });
  if (someone) await time("customer page", () => getCustomer(handle, { userId: someone.id, now }));
}

if (process.env.PGLITE === "1") {
  const handle = await openDb({ dataDir: "memory://" });
  await benchmark("PGlite", handle);
  await handle.close();
}
if (serverUrl) {
  const name = `bench_console_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDb({ databaseUrl: url.toString(), dataDir: "memory://" });
  try {
    await benchmark("PostgreSQL", handle);
  } finally {
    await handle.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
} else if (process.env.PGLITE !== "1") {
  console.log("Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server, or PGLITE=1.");
}
