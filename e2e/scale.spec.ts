import { type ChildProcess, spawn } from "node:child_process";
import { createServer, request as forward, type Server } from "node:http";
import { loadTestDatabaseUrl } from "@kinderready/config/config.server";
import pg from "pg";
import { expect, test, unique } from "./fixtures.ts";

// Deployment at scale: two web processes and one worker on one PostgreSQL, behind a round-robin
// load balancer, as docs/operations.md describes. Needs TEST_DATABASE_URL (CI has it).

const serverUrl = loadTestDatabaseUrl();
test.skip(!serverUrl, "needs a PostgreSQL server (TEST_DATABASE_URL)");
test.describe.configure({ mode: "serial" });

const balancerPort = 3629;
const baseUrl = `http://127.0.0.1:${balancerPort}`;
const webPorts = [3621, 3622];
const processes: ChildProcess[] = [];
const served = new Map<number, number>();
let balancer: Server;
let sql: pg.Client;
let databaseName: string;

function startProcess(role: "web" | "worker", port: number, databaseUrl: string) {
  const child = spawn(process.execPath, ["apps/web/server/main.ts"], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      APP_ENV: "test",
      API_SECRET: "local-development-secret",
      IS_DEV: "false",
      PROCESS_ROLE: role,
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: baseUrl,
      DATABASE_URL: databaseUrl,
      TRUST_PROXY: "true",
      LOG_LEVEL: "warn",
      // Three servers and Chromium share two cores: shed load only when truly stuck.
      OVERLOAD_EVENT_LOOP_DELAY_MS: "2000",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  processes.push(child);
}

/** A load balancer in a few lines: each request to the next web process, the client's address forwarded. */
function startBalancer(): Promise<Server> {
  let next = 0;
  const server = createServer((incoming, outgoing) => {
    const port = webPorts[next++ % webPorts.length] as number;
    served.set(port, (served.get(port) ?? 0) + 1);
    const forwardedFor = [incoming.headers["x-forwarded-for"], incoming.socket.remoteAddress]
      .filter(Boolean)
      .join(", ");
    const upstream = forward(
      {
        host: "127.0.0.1",
        port,
        path: incoming.url,
        method: incoming.method,
        headers: { ...incoming.headers, "x-forwarded-for": forwardedFor },
      },
      (response) => {
        outgoing.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(outgoing);
      },
    );
    upstream.on("error", () => outgoing.writeHead(502).end());
    incoming.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(balancerPort, "127.0.0.1", () => resolve(server)));
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  databaseName = `kr_scale_${process.pid}_${unique()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const url = new URL(serverUrl as string);
  url.pathname = `/${databaseName}`;
  // All three start at once: migrations take turns under the start-up lock.
  startProcess("worker", 3620, url.toString());
  for (const port of webPorts) startProcess("web", port, url.toString());
  for (const port of [3620, ...webPorts]) {
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/v1/health`).catch(() => undefined))?.status, {
        timeout: 90_000,
      })
      .toBe(200);
  }
  balancer = await startBalancer();
  sql = new pg.Client({ connectionString: url.toString() });
  await sql.connect();
});

test.afterAll(async () => {
  await sql?.end();
  balancer?.close();
  await Promise.all(
    processes.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve(undefined);
          child.once("exit", resolve);
          child.kill("SIGTERM");
        }),
    ),
  );
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
});

test("the worker serves only its health; web processes serve the pages", async () => {
  expect((await fetch("http://127.0.0.1:3620/onboarding/")).status).toBe(404);
  for (const port of webPorts) expect((await fetch(`http://127.0.0.1:${port}/onboarding/`)).status).toBe(200);
});

test("a parent moves between web processes mid-funnel: quiz, email, payment, printables", async ({
  page,
  quiz,
  buyKit,
}) => {
  test.setTimeout(120_000);
  served.clear();
  const email = `scale-${unique()}@example.com`;
  await page.setExtraHTTPHeaders({ "x-forwarded-for": "198.51.100.20" });
  await quiz.open(`${baseUrl}/onboarding/`);
  await quiz.answerUntil("tantrums");
  // A page load in the middle of the quiz may land on the other process; the answers stay.
  await page.reload();
  await expect(page.locator(".quiz[data-ready]")).toBeVisible();
  await quiz.answerUntil("help");
  await page.getByLabel("Independent").check();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("textbox", { name: "Child's name" }).fill("Emma");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("textbox", { name: "Age in years" }).fill("5");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("textbox", { name: "Your email" }).fill(email);
  await page.getByRole("button", { name: "See my plan" }).click();
  await page.waitForURL(/\/purchase\/\?/);
  const token = new URL(page.url()).searchParams.get("token") ?? "";

  await buyKit(token, { origin: baseUrl });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // Both web processes served this parent.
  for (const port of webPorts) expect(served.get(port) ?? 0).toBeGreaterThan(3);
  // The worker sent the welcome email and the receipt, each once.
  await expect
    .poll(
      async () =>
        (
          await sql.query(
            "select split_part(kind, ':', 1) as kind, status, (select count(*)::int from email_outbox o where o.recipient = m.recipient) as delivered from email_messages m where recipient = $1 order by kind",
            [email],
          )
        ).rows,
      { timeout: 30_000 },
    )
    .toEqual([
      { kind: "receipt", status: "sent", delivered: 2 },
      { kind: "welcome", status: "sent", delivered: 2 },
    ]);
  const { rows } = await sql.query(
    "select count(*)::int as charges from ledger_entries l join users u on u.id = l.user_id where u.email = $1 and l.type = 'charge'",
    [email],
  );
  expect(rows).toEqual([{ charges: 1 }]);
});

test("jobs run exactly once: forty leads through both web processes, forty welcome emails", async ({ api }) => {
  test.setTimeout(120_000);
  const emails = Array.from({ length: 40 }, (_, i) => `once-${i}-${unique()}@example.com`);
  await Promise.all(
    emails.map(async (email, i) => {
      const response = await api.post(`${baseUrl}/api/v1/onboarding`, {
        headers: { "x-forwarded-for": `198.51.100.${30 + (i % 10)}` },
        data: {
          kid: { name: "Noa", years: { text: "5", value: 5 } },
          email,
          questions: [{ id: "ty", answer: "soon" }],
          isForbiddenToMailing: true,
          user_token: `scale-once-${i}-${unique()}`,
          purchasePathByFlow: "/purchase/",
          product: "kinderready",
        },
      });
      expect(response.status()).toBe(200);
    }),
  );
  const tally = async () =>
    (
      await sql.query(
        "select count(*)::int as messages, count(*) filter (where status = 'sent')::int as sent, (select count(*)::int from email_outbox where recipient = any($1)) as delivered from email_messages where recipient = any($1)",
        [emails],
      )
    ).rows[0];
  // The worker delivers about two a second; then nothing more may arrive (no second delivery).
  await expect.poll(tally, { timeout: 80_000 }).toEqual({ messages: 40, sent: 40, delivered: 40 });
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  expect(await tally()).toEqual({ messages: 40, sent: 40, delivered: 40 });
});

test("the per-address rate limit is counted once across both web processes", async ({ api, request }) => {
  const limit = 600;
  const address = "203.0.113.77";
  const statuses: number[] = [];
  // In batches, so the loopback is not flooded; the balancer alternates between the processes.
  for (let sent = 0; sent < limit + 20; sent += 40) {
    const batch = await Promise.all(
      Array.from({ length: 40 }, () =>
        api
          .get(`${baseUrl}/api/v1/remote-config/splits`, { headers: { "x-forwarded-for": address } })
          .then((r) => r.status()),
      ),
    );
    statuses.push(...batch);
  }
  expect(statuses.filter((status) => status === 200)).toHaveLength(limit);
  expect(statuses.filter((status) => status === 429)).toHaveLength(statuses.length - limit);
  // Another address is not affected.
  expect(
    (await request.get(`${baseUrl}/api/v1/health`, { headers: { "x-forwarded-for": "203.0.113.78" } })).status(),
  ).toBe(200);
});
