import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { apiKeyFor } from "@kinderready/config/config.server";
import pg from "pg";
import { type PostgresCluster, startPostgresCluster } from "./postgres-cluster.ts";

// Fault: PostgreSQL restarted under steady mixed load. A throw-away cluster
// on port 5491 (never the shared server), the built app on 3400, lead submissions, SSR pages,
// page data and health at a steady rate, then `pg_ctl restart -m fast` and a 5-second stop.
// Passes when every failure is a quick 503 with Retry-After, service returns within seconds of
// PostgreSQL, no lead that got a 2xx is missing, jobs run again and no outage is reported as a bug.
// Usage: sh scripts/with-node.sh node bench/faults/postgres-restart.ts   (from the repository root)

const appPort = 3400;
const postgresPort = 5491;
const apiKey = apiKeyFor("local-development-secret");
const ratePerSecond = 50;
const maxInFlight = 64;
const requestTimeoutMs = 10_000;
// Budgets the verdict holds: the pool's connection time-out (3 s) plus margin; back within 5 s.
const failFastBudgetMs = 3_500;
const recoveryBudgetMs = 5_000;
// Emails the job worker must deliver after the last restart to count as running again.
const jobsResumedAt = 5;
const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));

type Kind = "lead" | "health" | "page" | "page-data" | "status-page";
type Sample = {
  kind: Kind;
  start: number;
  end: number;
  status: number | "timeout" | "network";
  retryAfter: string | null;
  email?: string;
};
type Outage = { name: string; down: number; back: number };

let cluster: PostgresCluster | undefined;
let app: ChildProcess | undefined;
let workDir: string | undefined;

async function cleanup() {
  if (app && app.exitCode === null) {
    const exited = new Promise((resolve) => app?.once("exit", resolve));
    app.kill("SIGTERM");
    await Promise.race([exited, sleep(8_000)]);
    if (app.exitCode === null) app.kill("SIGKILL");
  }
  await cluster?.destroy();
  if (workDir) await rm(workDir, { recursive: true, force: true });
}

// Bounded whatever happens: a hung step ends the run as a failure, and cleans up.
const deadline = setTimeout(() => void finish(["ran past 150 s"]), 150_000);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void finish([`stopped by ${signal}`]));

let finishing = false;
async function finish(failures: string[]): Promise<never> {
  if (!finishing) {
    finishing = true;
    clearTimeout(deadline);
    await cleanup().catch((error: unknown) => console.error("cleanup failed:", error));
    console.log(`\nVERDICT postgres-restart: ${failures.length === 0 ? "PASS" : `FAIL (${failures.join("; ")})`}`);
    process.exit(failures.length === 0 ? 0 : 1);
  }
  return new Promise<never>(() => {});
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.now();
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function startApp(databaseUrl: string, logFile: string): Promise<string> {
  const baseUrl = `http://127.0.0.1:${appPort}`;
  const output = createWriteStream(logFile);
  app = spawn(process.execPath, ["apps/web/server/main.ts"], {
    cwd: repositoryRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      APP_ENV: "test",
      API_SECRET: "local-development-secret",
      PORT: String(appPort),
      HOST: "127.0.0.1",
      APP_URL: baseUrl,
      DATABASE_URL: databaseUrl,
      RATE_LIMIT_MAX: "100000000",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  app.stdout?.pipe(output);
  app.stderr?.pipe(output);
  for (let attempt = 0; attempt < 120 && app.exitCode === null; attempt += 1) {
    try {
      if ((await fetch(`${baseUrl}/api/v1/health`)).ok) return baseUrl;
    } catch {}
    await sleep(500);
  }
  const log = (await readFile(logFile, "utf8")).slice(-2_000);
  throw new Error(`the app did not start within 60 s; its log ends: ${log}`);
}

function leadBody(email: string, token: string) {
  return {
    kid: { name: "Emma", years: { text: "5", value: 5 } },
    email,
    questions: [{ id: "ty", answer: "soon" }],
    isForbiddenToMailing: false,
    user_token: token,
    purchasePathByFlow: "/purchase/",
    product: "kinderready",
    locale: "en",
    country_code: "US",
  };
}

/** Steady open-loop load: one request every 1000/rate ms, in a fixed mix, until stopped. */
function startLoad(baseUrl: string) {
  const samples: Sample[] = [];
  const inFlight = new Set<Promise<void>>();
  const acceptedTokens: string[] = [];
  const runId = Date.now().toString(36);
  let sequence = 0;
  let skipped = 0;
  const mix: Kind[] = ["lead", "page", "lead", "health", "status-page", "lead", "page-data"];

  const send = async (kind: Kind) => {
    const id = sequence++;
    const email = `fault-${runId}-${id}@example.com`;
    const token = `fault-token-${runId}-${String(id).padStart(8, "0")}`;
    const locale = id % 2 === 0 ? "" : "/ar";
    const known = acceptedTokens[id % Math.max(acceptedTokens.length, 1)];
    const request: [string, RequestInit] =
      kind === "lead"
        ? [
            "/api/v1/onboarding",
            {
              method: "POST",
              headers: { "x-api-key": apiKey, "content-type": "application/json" },
              body: JSON.stringify(leadBody(email, token)),
            },
          ]
        : kind === "health"
          ? ["/api/v1/health", {}]
          : kind === "page"
            ? [`${locale}/purchase/`, { headers: { "accept-language": "en" } }]
            : kind === "page-data"
              ? ["/purchase/_.data", {}]
              : [`${locale}/onboarding/${known ? `?token=${known}` : ""}`, { headers: { "accept-language": "en" } }];
    const start = now();
    let status: Sample["status"];
    let retryAfter: string | null = null;
    try {
      const response = await fetch(`${baseUrl}${request[0]}`, {
        ...request[1],
        redirect: "manual",
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
      await response.arrayBuffer();
      status = response.status;
      retryAfter = response.headers.get("retry-after");
      if (kind === "lead" && status < 300) acceptedTokens.push(token);
    } catch (error) {
      status = error instanceof Error && error.name === "TimeoutError" ? "timeout" : "network";
    }
    samples.push({ kind, start, end: now(), status, retryAfter, ...(kind === "lead" && { email }) });
  };

  const timer = setInterval(() => {
    if (inFlight.size >= maxInFlight) {
      skipped += 1;
      return;
    }
    const kind = mix[sequence % mix.length] as Kind;
    const request = send(kind).finally(() => inFlight.delete(request));
    inFlight.add(request);
  }, 1000 / ratePerSecond);

  return {
    samples,
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
      return { skipped };
    },
  };
}

const ok = (sample: Sample) => typeof sample.status === "number" && sample.status < 400;

function countByStatus(samples: Sample[]): string {
  const counts = new Map<string, number>();
  for (const sample of samples) counts.set(String(sample.status), (counts.get(String(sample.status)) ?? 0) + 1);
  return [...counts.entries()]
    .sort()
    .map(([status, count]) => `${status}×${count}`)
    .join(" ");
}

async function main() {
  const failures: string[] = [];
  const startedAt = now();
  workDir = await mkdtemp(join(tmpdir(), "kinderready-fault-app-"));
  const logFile = join(workDir, "app.log");
  cluster = await startPostgresCluster({ port: postgresPort, database: "kinderready_fault" });
  const baseUrl = await startApp(cluster.url, logFile);
  console.log(`PostgreSQL ${cluster.url} (own cluster), app ${baseUrl}; ${ratePerSecond} req/s mixed load`);

  const load = startLoad(baseUrl);
  const outages: Outage[] = [];
  await sleep(4_000);
  let down = now();
  await cluster.restart();
  outages.push({ name: "pg_ctl restart -m fast", down, back: now() });
  await sleep(8_000);
  down = now();
  await cluster.stop();
  await sleep(5_000);
  await cluster.start();
  outages.push({ name: "stop, 5 s down, start", down, back: now() });
  await sleep(8_000);
  const { skipped } = await load.stop();
  const { samples } = load;
  const loadEnd = now();

  console.log(
    `\n${samples.length} requests in ${seconds(loadEnd - startedAt)} (${skipped} ticks skipped at ${maxInFlight} in flight): ${countByStatus(samples)}`,
  );

  // Every answer is a success, a redirect, or a 503; nothing times out or breaks the connection.
  const unexpected = samples.filter((sample) => !ok(sample) && sample.status !== 503);
  if (unexpected.length > 0) {
    failures.push(`${unexpected.length} answers neither 2xx/3xx nor 503 (${countByStatus(unexpected)})`);
    for (const sample of unexpected.slice(0, 5)) console.log(`  unexpected: ${sample.kind} ${sample.status}`);
  }
  const unavailable = samples.filter((sample) => sample.status === 503);
  const withoutRetryAfter = unavailable.filter((sample) => !sample.retryAfter);
  console.log(
    `503 answers: ${unavailable.length}, with Retry-After: ${unavailable.length - withoutRetryAfter.length} (values: ${[...new Set(unavailable.map((sample) => sample.retryAfter))].join(", ")})`,
  );
  if (withoutRetryAfter.length > 0) {
    failures.push(`${withoutRetryAfter.length} 503s without Retry-After (${countByStatus(withoutRetryAfter)})`);
  }

  const failed = samples.filter((sample) => !ok(sample));
  const slowest = failed.reduce<Sample | undefined>(
    (worst, sample) => (!worst || sample.end - sample.start > worst.end - worst.start ? sample : worst),
    undefined,
  );
  if (slowest) {
    const ms = slowest.end - slowest.start;
    console.log(
      `slowest failure: ${Math.round(ms)} ms (${slowest.kind}, ${slowest.status}); budget ${failFastBudgetMs} ms`,
    );
    if (ms > failFastBudgetMs) failures.push(`a failure took ${Math.round(ms)} ms (budget ${failFastBudgetMs} ms)`);
  }

  for (const [index, outage] of outages.entries()) {
    const during = samples.filter((sample) => sample.start <= outage.back && sample.end >= outage.down);
    const nextDown = outages[index + 1]?.down ?? loadEnd;
    const after = samples.filter((sample) => sample.start >= outage.back && sample.end < nextDown);
    const firstLead = after.find((sample) => sample.kind === "lead" && ok(sample));
    const lastFailure = after
      .filter((sample) => !ok(sample))
      .reduce((latest, sample) => Math.max(latest, sample.end), outage.back);
    console.log(
      `\n${outage.name}: PostgreSQL unavailable for ${seconds(outage.back - outage.down)}\n` +
        `  during the outage: ${countByStatus(during)}\n` +
        `  by kind: ${(["lead", "page", "status-page", "page-data", "health"] as const)
          .map((kind) => `${kind} ${countByStatus(during.filter((sample) => sample.kind === kind)) || "-"}`)
          .join(" | ")}\n` +
        `  recovery: first accepted lead ${firstLead ? seconds(firstLead.end - outage.back) : "never"} after PostgreSQL was back; last failure ${seconds(lastFailure - outage.back)} after`,
    );
    if (!firstLead) failures.push(`${outage.name}: no lead accepted after PostgreSQL was back`);
    else if (firstLead.end - outage.back > recoveryBudgetMs || lastFailure - outage.back > recoveryBudgetMs) {
      failures.push(`${outage.name}: not recovered within ${seconds(recoveryBudgetMs)}`);
    }
    if (!during.some((sample) => sample.status === 503)) {
      failures.push(`${outage.name}: no 503 seen, so the outage was not exercised`);
    }
  }

  // No accepted lead lost: every email that got a 2xx is a users row now.
  const accepted = samples.filter((sample) => sample.kind === "lead" && ok(sample)).map((sample) => sample.email);
  const refused = samples.filter((sample) => sample.kind === "lead" && !ok(sample)).map((sample) => sample.email);
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  const found = await client.query<{ email: string }>("select email from users where email = any($1)", [
    [...accepted, ...refused],
  ]);
  const stored = new Set(found.rows.map((row) => row.email));
  const lost = accepted.filter((email) => !stored.has(email ?? ""));
  console.log(
    `\nleads accepted (2xx): ${accepted.length}, in users afterwards: ${accepted.length - lost.length}, lost: ${lost.length}` +
      `; refused with 503 yet stored (commit before the connection dropped): ${refused.filter((email) => stored.has(email ?? "")).length} of ${refused.length}`,
  );
  if (lost.length > 0) failures.push(`${lost.length} accepted leads missing from users`);

  // Jobs came back too: welcome emails are sent again after the last start of PostgreSQL (the
  // queue drains at its own pace, so the check is that it moves, not that it is empty).
  let sentSinceStart = 0;
  for (let attempt = 0; attempt < 20 && sentSinceStart < jobsResumedAt; attempt += 1) {
    const result = await client.query<{ sent: number }>(
      "select count(*)::int as sent from email_messages where status = 'sent' and sent_at > pg_postmaster_start_time()",
    );
    sentSinceStart = result.rows[0]?.sent ?? 0;
    if (sentSinceStart < jobsResumedAt) await sleep(1_000);
  }
  const backlog = await client.query<{ status: string; count: number }>(
    "select status, count(*)::int as count from email_messages group by 1 order by 1",
  );
  await client.end();
  console.log(
    `jobs: ${sentSinceStart} welcome emails sent since PostgreSQL last started (all emails: ${backlog.rows.map((row) => `${row.status}×${row.count}`).join(" ")})`,
  );
  if (sentSinceStart < jobsResumedAt)
    failures.push(`jobs did not resume (${sentSinceStart} emails sent since the restart)`);

  // The process lived through it, and is healthy now.
  const alive = app?.exitCode === null;
  const health = alive ? await fetch(`${baseUrl}/api/v1/health`).then((response) => response.status) : 0;
  console.log(`app process: ${alive ? "running" : `exited (${app?.exitCode})`}; health now ${health}`);
  if (!alive || health !== 200) failures.push("the app did not survive healthy");
  const log = await readFile(logFile, "utf8");
  const lines = log.split("\n").filter(Boolean);
  if (!alive) for (const line of lines.slice(-80)) console.log(`  app log: ${line.slice(0, 400)}`);

  // An outage is a warning per request, not a bug report per request.
  const warnings = lines.filter((line) => line.includes('"database unavailable"')).length;
  const reports = lines.filter((line) => /"(request failed|page request failed|page render failed)"/.test(line));
  const jobErrors = lines.filter((line) => line.includes('"pg-boss error"')).length;
  console.log(
    `app log: ${warnings} "database unavailable" warnings, ${reports.length} error reports, ${jobErrors} pg-boss connection errors`,
  );
  for (const line of reports.slice(0, 3)) console.log(`  report: ${line.slice(0, 300)}`);
  const jobErrorKinds = new Map<string, number>();
  for (const line of lines.filter((entry) => entry.includes('"pg-boss error"'))) {
    const kind = line
      .replace(/\(Queue.*$/, "")
      .replace(/[0-9a-f-]{36}/g, "…")
      .slice(0, 160);
    jobErrorKinds.set(kind, (jobErrorKinds.get(kind) ?? 0) + 1);
  }
  for (const [kind, count] of jobErrorKinds) console.log(`  ${count}× ${kind}`);
  if (reports.length > 0) failures.push(`${reports.length} outage errors reported as bugs`);
  console.log(`total time ${seconds(now() - startedAt)}`);
  return failures;
}

main().then(
  (failures) => finish(failures),
  (error: unknown) => finish([`the script failed: ${error instanceof Error ? error.message : String(error)}`]),
);
