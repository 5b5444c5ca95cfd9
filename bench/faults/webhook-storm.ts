import { randomUUID } from "node:crypto";
import { checkout, registerParent, sleep } from "../parent-api.ts";
import {
  appUnderTest,
  checkAppLog,
  createScratchDatabase,
  keepLogIfFailed,
  orderBooks,
  percentile,
  signedWebhook,
  startGateway,
  verdict,
} from "./payment-harness.ts";

// A webhook storm: many first-payment orders, each order's updates delivered several times
// (the same event redelivered, and the same status in separate events), concurrently and in
// random order, plus badly signed ones: impostors trying to decline paid orders or to approve
// unpaid ones. Every paid order must settle exactly once and every forgery be refused.
// Usage: sh scripts/with-node.sh node bench/faults/webhook-storm.ts [-- --orders 150 --connections 32]

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
  args.set(String(process.argv[i]).replace(/^--/, ""), String(process.argv[i + 1]));
const orderCount = Math.min(Number(args.get("orders") ?? 150), 1000);
const connections = Math.min(Number(args.get("connections") ?? 32), 100);
const unpaidCount = Math.ceil(orderCount / 5);

const name = "webhook-storm";
const failures: string[] = [];
const database = await createScratchDatabase("storm");
// The gateway serves the hosted pages' /init only; this script is the one sending webhooks.
const gateway = await startGateway({ port: 3431 });
const app = appUnderTest({
  port: 3430,
  databaseUrl: database.url,
  gatewayUrl: `${gateway.origin}/gateway-simulator/api/v1`,
});
const { baseUrl } = app;

type Delivery = { orderId: string; eventId: string; body: string; forged: boolean };

function gatewayReport(order: { order_id: string; amount: number; currency: string }, status: string) {
  return JSON.stringify({
    order: { order_id: order.order_id, status, amount: order.amount, currency: order.currency },
    transactions: {
      [`${order.order_id}-1`]: { status, card: { card_token: { token: `sim_tok_storm_${order.order_id}` } } },
    },
    ...(status === "declined" && { error: { code: "3.02" } }),
  });
}

/** Runs `work` over `items` with at most `limit` at a time. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const item = items[next] as T;
        next += 1;
        await work(item);
      }
    }),
  );
}

try {
  await app.start();
  const run = Date.now().toString(36);
  const tokens = Array.from(
    { length: orderCount + unpaidCount },
    (_, i) => `storm-${run}-${String(i).padStart(5, "0")}-000000`,
  );
  const setupStarted = Date.now();
  await pool(tokens, 8, async (token) => {
    await registerParent(baseUrl, token);
    const started = await checkout(baseUrl, token);
    if (started.status !== 200) throw new Error(`checkout failed: ${started.status}`);
  });
  const orders = await database.query<{ order_id: string; amount: number; currency: string }>(
    "select order_id, amount, currency from orders order by order_id",
  );
  console.log(`${orders.length} orders opened at checkout in ${Date.now() - setupStarted} ms`);
  const paid = orders.slice(0, orderCount);
  const unpaid = orders.slice(orderCount);

  const deliveries: Delivery[] = [];
  for (const [index, order] of paid.entries()) {
    const processing = gatewayReport(order, "processing");
    const approved = gatewayReport(order, "approved");
    // The same status in two separate events, and the approval redelivered three times.
    deliveries.push({ orderId: order.order_id, eventId: randomUUID(), body: processing, forged: false });
    deliveries.push({ orderId: order.order_id, eventId: randomUUID(), body: processing, forged: false });
    const approvalId = randomUUID();
    for (let copy = 0; copy < 3; copy += 1) {
      deliveries.push({ orderId: order.order_id, eventId: approvalId, body: approved, forged: false });
    }
    deliveries.push({ orderId: order.order_id, eventId: randomUUID(), body: approved, forged: false });
    // Every fifth paid order: an impostor tries to turn it into a decline.
    if (index % 5 === 0) {
      deliveries.push({
        orderId: order.order_id,
        eventId: randomUUID(),
        body: gatewayReport(order, "declined"),
        forged: true,
      });
    }
  }
  // Orders nobody paid: impostors try to approve them.
  for (const order of unpaid) {
    for (let copy = 0; copy < 2; copy += 1) {
      deliveries.push({
        orderId: order.order_id,
        eventId: randomUUID(),
        body: gatewayReport(order, "approved"),
        forged: true,
      });
    }
  }
  // Out of order: every delivery at a random place.
  for (let i = deliveries.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [deliveries[i], deliveries[j]] = [deliveries[j] as Delivery, deliveries[i] as Delivery];
  }

  const latencies: number[] = [];
  const statuses = new Map<string, number>();
  let wrongAnswers = 0;
  const stormStarted = performance.now();
  await pool(deliveries, connections, async (delivery) => {
    const started = performance.now();
    let status = 0;
    try {
      const response = await fetch(`${baseUrl}/api/v1/solid/webhook`, {
        method: "POST",
        headers: signedWebhook(delivery.body, delivery.eventId, delivery.forged),
        body: delivery.body,
        signal: AbortSignal.timeout(30_000),
      });
      status = response.status;
      await response.arrayBuffer();
    } catch {}
    latencies.push(performance.now() - started);
    const key = `${status}${delivery.forged ? " forged" : ""}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
    if (delivery.forged ? status !== 401 : status !== 200) wrongAnswers += 1;
  });
  const stormSeconds = (performance.now() - stormStarted) / 1000;
  console.log(
    `${deliveries.length} deliveries (${deliveries.filter((d) => d.forged).length} forged) with ${connections} connections in ${stormSeconds.toFixed(2)} s: ${(deliveries.length / stormSeconds).toFixed(0)} webhooks/s accepted; p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms`,
  );
  console.log(`answers: ${JSON.stringify(Object.fromEntries(statuses))}`);
  if (wrongAnswers > 0) failures.push(`${wrongAnswers} deliveries answered other than 200 (signed) or 401 (forged)`);
  const serverErrors = [...statuses.entries()].filter(([key]) => /^(5|0)/.test(key)).reduce((n, [, c]) => n + c, 0);
  if (serverErrors > 0) failures.push(`${serverErrors} answers were 5xx or none`);

  // The jobs apply the stored events; wait for every paid order to settle (bounded).
  const settleStarted = Date.now();
  let books = await orderBooks(database);
  while (Date.now() - settleStarted < 120_000) {
    books = await orderBooks(database);
    const settled = books.filter((order) => order.status === "approved").length;
    const [pending] = await database.query<{ n: string }>(
      "select count(*) as n from webhook_events where processed_at is null",
    );
    if (settled >= paid.length && Number(pending?.n) === 0) break;
    await sleep(500);
  }
  console.log(`all stored events applied ${((Date.now() - settleStarted) / 1000).toFixed(1)} s after the storm`);

  const paidIds = new Set(paid.map((order) => order.order_id));
  const wrongPaid = books.filter(
    (order) =>
      paidIds.has(order.orderId) &&
      (order.status !== "approved" || order.charges !== 1 || order.entitlements !== 1 || order.receipts !== 1),
  );
  const touchedUnpaid = books.filter(
    (order) =>
      !paidIds.has(order.orderId) &&
      (order.status !== "created" || order.charges !== 0 || order.entitlements !== 0 || order.receipts !== 0),
  );
  const [events] = await database.query<{ stored: string; subscriptions: string }>(
    "select (select count(*) from webhook_events) as stored, (select count(*) from subscriptions) as subscriptions",
  );
  const distinctSigned = new Set(deliveries.filter((d) => !d.forged).map((d) => d.eventId)).size;
  const approvedCount = books.filter((order) => order.status === "approved").length;
  console.log(
    `paid orders approved exactly once (1 ledger charge, 1 entitlement, 1 receipt): ${paid.length - wrongPaid.length} of ${paid.length}; unpaid orders left untouched: ${unpaid.length - touchedUnpaid.length} of ${unpaid.length}`,
  );
  console.log(
    `events stored: ${events?.stored} (distinct signed event ids: ${distinctSigned}); subscriptions: ${events?.subscriptions}; orders approved: ${approvedCount}`,
  );
  if (wrongPaid.length > 0) failures.push(`${wrongPaid.length} paid orders not settled exactly once`);
  if (touchedUnpaid.length > 0) failures.push(`${touchedUnpaid.length} unpaid orders changed by forged webhooks`);
  if (Number(events?.stored) !== distinctSigned)
    failures.push(`${events?.stored} events stored for ${distinctSigned} ids`);
  if (Number(events?.subscriptions) !== paid.length)
    failures.push(`${events?.subscriptions} subscriptions for ${paid.length} payments`);
  const errorLines = await checkAppLog(app, failures);
  if (errorLines.length > 0) failures.push(`${errorLines.length} errors logged`);
} catch (error) {
  failures.push(`the script failed: ${String(error)}`);
} finally {
  await app.stop();
  await gateway.close();
  await database.drop();
  await keepLogIfFailed(app, failures);
}
verdict(name, failures);
