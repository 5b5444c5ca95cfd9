import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { openDb } from "@kinderready/db/open-db";
import { signBody } from "@kinderready/domain/payments/solidgate-protocol";
import { migrateSimulator } from "@kinderready/gateway-simulator/simulator-migrations";
import { simulatorPlugin } from "@kinderready/gateway-simulator/simulator-plugin";
import fastify from "fastify";
import pg from "pg";
import { PgBoss } from "pg-boss";
import { callApi, sleep } from "../parent-api.ts";

/**
 * Shared pieces of the payment fault scripts: the gateway (the simulator, run in the script's
 * own process so its records can be read at any time), a fault proxy between the app and the
 * gateway, the built app under test (PAYMENT_GATEWAY=solidgate, on a throw-away PostgreSQL
 * database so it can be killed and restarted on the same data), a parent's API calls, and
 * the books read back from both sides.
 */

// The keys of this script's gateway, given to the app as its SOLIDGATE_* keys (the app's own
// simulator keys are made per installation): the script signs webhooks with them.
export const gatewayKeys = {
  publicKey: "api_pk_local_simulator",
  secretKey: "api_sk_local_simulator_0000000000000000",
  webhookPublicKey: "wh_pk_local_simulator",
  webhookSecretKey: "wh_sk_local_simulator_0000000000000000",
};
/** What the app's Solidgate adapter waits for one call (solidgate-gateway.server.ts). */
export const clientTimeoutMs = 15_000;

// The server the scratch databases live on; only loopback, and only databases this script made.
const serverUrl =
  process.env.FAULT_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** A database of its own on the shared PostgreSQL server, dropped afterwards. */
export async function createScratchDatabase(tag: string) {
  const name = `payfault_${tag}_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  pool.on("error", () => {});
  return {
    url: url.toString(),
    query: async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
      (await pool.query<T>(text, values)).rows,
    async drop() {
      await pool.end();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
export type ScratchDatabase = Awaited<ReturnType<typeof createScratchDatabase>>;

/**
 * The gateway: the simulator on in-memory PGlite in this process, so the script can read the
 * gateway's own records (its charges) while the app is slow, down or killed.
 */
export async function startGateway(options: { port: number; webhookUrl?: string; settleMs?: number }) {
  const handle = await openDb({ dataDir: "memory://" });
  await handle.migrate();
  await migrateSimulator(handle);
  const app = fastify({ logger: false });
  const origin = `http://127.0.0.1:${options.port}`;
  await app.register(
    (simulator) =>
      simulatorPlugin(simulator, {
        db: handle.db,
        publicKey: gatewayKeys.publicKey,
        secretKey: gatewayKeys.secretKey,
        publicUrl: `${origin}/gateway-simulator`,
        webhook: options.webhookUrl
          ? {
              url: options.webhookUrl,
              publicKey: gatewayKeys.webhookPublicKey,
              secretKey: gatewayKeys.webhookSecretKey,
            }
          : undefined,
        settleMs: options.settleMs ?? 300,
      }),
    { prefix: "/gateway-simulator" },
  );
  await app.listen({ port: options.port, host: "127.0.0.1" });
  return {
    origin,
    /**
     * The gateway's charges: every order it has, with the status it has or will settle to (the
     * simulator settles a due order when next asked; the money is taken either way).
     */
    async charges() {
      const result = await (handle.client as PGlite).query<{
        order_id: string;
        kind: string;
        status: string;
        amount: number;
        currency: string;
      }>(
        `select order_id, kind, amount, currency,
           case when status = 'processing' and final_status is not null then final_status else status end as status
         from gateway_simulator_orders`,
      );
      return result.rows;
    },
    async close() {
      await app.close();
      await handle.close();
    },
  };
}
export type Gateway = Awaited<ReturnType<typeof startGateway>>;

/** How the proxy treats the next gateway call. */
export type FaultMode =
  /** Forward and answer. */
  | "pass"
  /** Forward (the gateway acts on it), then hold the answer past the client's time-out. */
  | "slow"
  /** Nobody listens: connection refused. */
  | "down"
  /** A load balancer's 503 page; the gateway never sees the call. */
  | "unavailable"
  /** Forward (the gateway acts on it), then a load balancer's 504 with a JSON body of its own. */
  | "lost-answer";

/**
 * A loopback proxy under the script's control, in front of the gateway's API (or of the app's
 * webhook). Hooks run in the worst windows: `before` the call is forwarded, and `after` the
 * upstream has acted and answered but before that answer goes back.
 */
export async function startFaultProxy(options: { port: number; target: string; holdMs?: number }) {
  let mode: FaultMode = "pass";
  const calls: { path: string; mode: FaultMode }[] = [];
  type Hook = (call: { path: string; body: string }) => Promise<void>;
  const hooks: { before?: Hook | undefined; after?: Hook | undefined } = {};
  const sockets = new Set<Socket>();
  const server: Server = createServer(async (request, response) => {
    const path = request.url ?? "/";
    const current = mode;
    calls.push({ path, mode: current });
    const body = await readBody(request);
    if (current === "unavailable") {
      response.writeHead(503, { "content-type": "text/html" });
      response.end("<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>");
      return;
    }
    if (hooks.before) await hooks.before({ path, body });
    let status = 502;
    let text = "<html><body><h1>502 Bad Gateway</h1></body></html>";
    let type = "text/html";
    try {
      const upstream = await fetch(`${options.target}${path}`, {
        method: request.method ?? "POST",
        headers: pick(request, forwardedHeaders),
        ...(body.length > 0 && { body }),
      });
      status = upstream.status;
      text = await upstream.text();
      type = upstream.headers.get("content-type") ?? "application/json";
    } catch {}
    if (current === "slow") await sleep(options.holdMs ?? clientTimeoutMs + 5_000);
    if (hooks.after) await hooks.after({ path, body });
    if (response.destroyed) return;
    if (current === "lost-answer") {
      response.writeHead(504, { "content-type": "application/json" });
      response.end(JSON.stringify({ message: "Endpoint request timed out" }));
      return;
    }
    response.writeHead(status, { "content-type": type });
    response.end(text);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  const listen = () => new Promise<void>((resolve) => server.listen(options.port, "127.0.0.1", resolve));
  const unlisten = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  await listen();
  return {
    origin: `http://127.0.0.1:${options.port}`,
    url: `http://127.0.0.1:${options.port}/gateway-simulator/api/v1`,
    calls,
    get mode() {
      return mode;
    },
    async setMode(next: FaultMode) {
      if (next === "down" && mode !== "down") await unlisten();
      if (next !== "down" && mode === "down") await listen();
      mode = next;
    },
    /** Sets (or with undefined, clears) the hook for one window. */
    hook(window: "before" | "after", run: Hook | undefined) {
      hooks[window] = run;
    },
    close: () => (mode === "down" ? Promise.resolve() : unlisten()),
  };
}

// What the gateway's API and its webhooks carry that matters: the signature and the event.
const forwardedHeaders = [
  "content-type",
  "accept",
  "merchant",
  "signature",
  "solidgate-event-id",
  "solidgate-event-type",
  "solidgate-event-created-at",
];

function pick(request: IncomingMessage, names: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of names) {
    const value = request.headers[name];
    if (typeof value === "string") headers[name] = value;
  }
  return headers;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * The built app under test, talking Solidgate's protocol to `gatewayUrl` with the simulator's
 * keys, on `databaseUrl`. Its output goes to a log file; `kill` sends any signal (SIGKILL for
 * a crash) and `start` again runs it on the same database.
 */
export function appUnderTest(options: {
  port: number;
  databaseUrl: string;
  gatewayUrl: string;
  env?: Record<string, string>;
}) {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const logPath = join(tmpdir(), `kinderready-payfault-${options.port}-${process.pid}.log`);
  const log = createWriteStream(logPath, { flags: "a" });
  let child: ChildProcess | undefined;
  let exited: Promise<number | null> = Promise.resolve(null);
  let unexpectedExits = 0;
  let expectingExit = false;

  async function start() {
    // A kill still under way (the parent's request may fail before the exit is reported).
    if (expectingExit) await exited;
    expectingExit = false;
    const spawned = spawn(process.execPath, ["apps/web/server/main.ts"], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        APP_ENV: "test",
        API_SECRET: "local-development-secret",
        PORT: String(options.port),
        HOST: "127.0.0.1",
        APP_URL: baseUrl,
        DATABASE_URL: options.databaseUrl,
        LOG_LEVEL: "warn",
        RATE_LIMIT_MAX: "100000000",
        PAYMENT_GATEWAY: "solidgate",
        SOLIDGATE_PUBLIC_KEY: gatewayKeys.publicKey,
        SOLIDGATE_SECRET_KEY: gatewayKeys.secretKey,
        SOLIDGATE_WEBHOOK_PUBLIC_KEY: gatewayKeys.webhookPublicKey,
        SOLIDGATE_WEBHOOK_SECRET_KEY: gatewayKeys.webhookSecretKey,
        SOLIDGATE_PAY_URL: options.gatewayUrl,
        SOLIDGATE_PAGE_URL: options.gatewayUrl,
        ...options.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    spawned.stdout?.pipe(log, { end: false });
    spawned.stderr?.pipe(log, { end: false });
    child = spawned;
    exited = new Promise((resolve) =>
      spawned.once("exit", (code) => {
        if (!expectingExit) unexpectedExits += 1;
        resolve(code);
      }),
    );
    const started = Date.now();
    for (let attempt = 0; attempt < 240; attempt += 1) {
      try {
        if ((await fetch(`${baseUrl}/api/v1/health`)).ok) return Date.now() - started;
      } catch {}
      if (spawned.exitCode !== null) break;
      await sleep(250);
    }
    throw new Error(`the app did not start within 60 s; see ${logPath}`);
  }

  return {
    baseUrl,
    logPath,
    start,
    get pid() {
      return child?.pid;
    },
    get unexpectedExits() {
      return unexpectedExits;
    },
    /** Sends a signal and waits for the process to be gone; false when none was running. */
    async kill(signal: NodeJS.Signals): Promise<boolean> {
      if (!child || child.exitCode !== null || child.signalCode !== null) return false;
      expectingExit = true;
      child.kill(signal);
      await exited;
      return true;
    },
    /** Lines the app logged at error level or above: pino's (level >= 50) and the error reporter's ("error"). */
    async errorLines() {
      const text = await readFile(logPath, "utf8").catch(() => "");
      return text.split("\n").filter((line) => /"level":([56]\d|"error"|"fatal")/.test(line));
    },
    async stop() {
      await this.kill("SIGTERM");
      log.end();
    },
    async removeLog() {
      await rm(logPath, { force: true });
    },
  };
}
export type AppUnderTest = ReturnType<typeof appUnderTest>;

/** The one-click upsell of every add-on pack at the offer's price (14.99 USD). */
export const buyAddOns = (baseUrl: string, parent: { token: string; email: string }) =>
  callApi(baseUrl, "/solid/upsale", {
    email: parent.email,
    product: "kinderready",
    amount: 1499,
    currency: "USD",
    recurring_type: "upsale",
    user_token: parent.token,
  });

export const upsellStatus = (baseUrl: string, token: string, orderId: string) =>
  callApi(baseUrl, "/solid/upsale/status", { user_token: token, order_id: orderId });

/**
 * A signed webhook exactly as the gateway posts it; with `badSignature` as an impostor would sign
 * it, with `merchant: false` validly signed but without the header naming the merchant.
 */
export function signedWebhook(
  body: string,
  eventId: string,
  options: { badSignature?: boolean; merchant?: boolean } = {},
): Record<string, string> {
  const secret = options.badSignature ? "wh_sk_not_the_right_key_00000000000000" : gatewayKeys.webhookSecretKey;
  return {
    "content-type": "application/json",
    ...(options.merchant !== false && { merchant: gatewayKeys.webhookPublicKey }),
    signature: signBody(gatewayKeys.webhookPublicKey, secret, body),
    "solidgate-event-id": eventId,
    "solidgate-event-type": "card_gate.order.updated",
    "solidgate-event-created-at": new Date().toISOString(),
  };
}

/**
 * Runs reconciliation now, the way the app's own minute schedule does: a job on its queue. Only
 * orders left processing for 30 s or more are looked at, as in production.
 */
export async function queueReconciliation(databaseUrl: string): Promise<void> {
  const boss = new PgBoss({ connectionString: databaseUrl, max: 1, supervise: false, schedule: false });
  boss.on("error", () => {});
  await boss.start();
  await boss.send("payments-reconcile", {});
  await boss.stop({ graceful: false });
}

export type OrderBooks = {
  orderId: string;
  userId: string;
  purpose: string;
  status: string;
  amount: number;
  currency: string;
  charges: number;
  refunds: number;
  entitlements: number;
  receipts: number;
};

/** The app's books per order: its status and price, its ledger charges and refunds, entitlements and receipts. */
export async function orderBooks(database: ScratchDatabase): Promise<OrderBooks[]> {
  const rows = await database.query<{
    order_id: string;
    user_id: string;
    purpose: string;
    status: string;
    amount: number;
    currency: string;
    charges: string;
    refunds: string;
    entitlements: string;
    receipts: string;
  }>(
    `select o.order_id, o.user_id, o.purpose, o.status, o.amount, o.currency,
       (select count(*) from ledger_entries l where l.order_id = o.order_id and l.type = 'charge') as charges,
       (select count(*) from ledger_entries l where l.order_id = o.order_id and l.type = 'refund') as refunds,
       (select count(*) from entitlements e where e.order_id = o.order_id) as entitlements,
       (select count(*) from email_messages m where m.kind = 'receipt:' || o.order_id) as receipts
     from orders o`,
  );
  return rows.map((row) => ({
    orderId: row.order_id,
    userId: row.user_id,
    purpose: row.purpose,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    charges: Number(row.charges),
    refunds: Number(row.refunds),
    entitlements: Number(row.entitlements),
    receipts: Number(row.receipts),
  }));
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** The app's own account of the run: it must not have exited by itself; its error lines are shown. */
export async function checkAppLog(app: AppUnderTest, failures: string[]): Promise<string[]> {
  if (app.unexpectedExits > 0) failures.push("the app exited on its own");
  const errorLines = await app.errorLines();
  console.log(`app log lines at error level: ${errorLines.length}`);
  for (const line of errorLines.slice(0, 5)) console.log(`  ${line.slice(0, 240)}`);
  return errorLines;
}

/** Keeps the app's log only when the run failed, and says where it is. */
export async function keepLogIfFailed(app: AppUnderTest, failures: string[]): Promise<void> {
  if (failures.length === 0) await app.removeLog();
  else console.log(`app log: ${app.logPath}`);
}

/** Prints the verdict line, naming every failed check, and leaves with its exit code (1 on failure). */
export function verdict(name: string, failures: string[]): never {
  console.log(
    failures.length === 0
      ? `VERDICT ${name}: PASS (all checks held)`
      : `VERDICT ${name}: FAIL (${failures.join("; ")})`,
  );
  process.exit(failures.length === 0 ? 0 : 1);
}
