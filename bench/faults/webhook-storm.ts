import { randomUUID } from "node:crypto";
import { checkout, registerParent, sleep } from "../parent-api.ts";
import {
  appUnderTest,
  checkAppLog,
  createScratchDatabase,
  keepLogIfFailed,
  type OrderBooks,
  orderBooks,
  percentile,
  signedWebhook,
  startGateway,
  verdict,
} from "./payment-harness.ts";

// A webhook storm: many first-payment orders, each order's updates delivered several times
// (the same event redelivered, and the same status in separate events), concurrently and in
// random order, plus three kinds of attack:
//  - badly signed bodies: impostors trying to decline paid orders or to approve unpaid ones;
//  - validly signed bodies whose amount or currency is not the order's (a misrouted event, a
//    leaked key, a gateway bug): approvals of unpaid and paid orders, refunds of unpaid orders,
//    and, once the storm has settled, refunds of paid orders;
//  - validly signed bodies without the `merchant` header: approvals of unpaid orders and refunds
//    of paid ones, at the right amount.
// Every paid order must settle exactly once, the badly signed and merchant-less ones answer 401
// and change nothing, and every wrong-amount report is stored, refused and reported, changing nothing.
// Usage: sh scripts/with-node.sh node bench/faults/webhook-storm.ts [-- --orders 150 --connections 32]

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
  args.set(String(process.argv[i]).replace(/^--/, ""), String(process.argv[i + 1]));
const orderCount = Math.min(Number(args.get("orders") ?? 150), 1000);
const connections = Math.min(Number(args.get("connections") ?? 32), 100);
const unpaidCount = Math.ceil(orderCount / 3);

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

/**
 * genuine: the gateway's own; forged: signed with another key; wrong-amount: validly signed, for
 * another amount or currency than the order's; no-merchant: validly signed, the `merchant` header missing.
 */
type DeliveryKind = "genuine" | "forged" | "wrong-amount" | "no-merchant";
type Delivery = { eventId: string; body: string; kind: DeliveryKind };
type Order = { order_id: string; amount: number; currency: string };

/** What the app must answer: a validly signed body is stored (200) whatever it says. */
const expectedAnswer: Record<DeliveryKind, number> = {
  genuine: 200,
  forged: 401,
  "wrong-amount": 200,
  "no-merchant": 401,
};

function gatewayReport(order: Order, status: string) {
  return JSON.stringify({
    order: { order_id: order.order_id, status, amount: order.amount, currency: order.currency },
    transactions: {
      [`${order.order_id}-1`]: { status, card: { card_token: { token: `sim_tok_storm_${order.order_id}` } } },
    },
    ...(status === "declined" && { error: { code: "3.02" } }),
  });
}

/** The order with 1 cent for its amount, or (`otherCurrency`) its amount in another currency. */
const misreported = (order: Order, otherCurrency: boolean): Order =>
  otherCurrency
    ? { ...order, currency: order.currency.toUpperCase() === "EUR" ? "USD" : "EUR" }
    : { ...order, amount: 1 };

const delivery = (kind: DeliveryKind, body: string, eventId: string = randomUUID()): Delivery => ({
  eventId,
  body,
  kind,
});

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

const latencies: number[] = [];
const statuses = new Map<string, number>();
const wrongAnswers = new Map<DeliveryKind, number>();

/** Posts every delivery, `connections` at a time, counting the answers by kind. */
async function deliver(deliveries: Delivery[]) {
  await pool(deliveries, connections, async (item) => {
    const started = performance.now();
    let status = 0;
    try {
      const response = await fetch(`${baseUrl}/api/v1/solid/webhook`, {
        method: "POST",
        headers: signedWebhook(item.body, item.eventId, {
          badSignature: item.kind === "forged",
          merchant: item.kind !== "no-merchant",
        }),
        body: item.body,
        signal: AbortSignal.timeout(30_000),
      });
      status = response.status;
      await response.arrayBuffer();
    } catch {}
    latencies.push(performance.now() - started);
    const key = `${status} ${item.kind}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
    if (status !== expectedAnswer[item.kind]) wrongAnswers.set(item.kind, (wrongAnswers.get(item.kind) ?? 0) + 1);
  });
}

/** Waits (bounded) until every stored event has been applied or refused, and `done` holds. */
async function waitForJobs(limitMs: number, done: () => Promise<boolean> = async () => true) {
  const started = Date.now();
  let pending = 0;
  while (Date.now() - started < limitMs) {
    const [row] = await database.query<{ n: string }>(
      "select count(*) as n from webhook_events where processed_at is null",
    );
    pending = Number(row?.n);
    if (pending === 0 && (await done())) break;
    await sleep(500);
  }
  return { pending, seconds: (Date.now() - started) / 1000 };
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
  const orders = await database.query<Order>("select order_id, amount, currency from orders order by order_id");
  console.log(`${orders.length} orders opened at checkout in ${Date.now() - setupStarted} ms`);
  const paid = orders.slice(0, orderCount);
  const unpaid = orders.slice(orderCount);
  // Each unpaid order meets one kind of attack, so a change names the attack that made it.
  const unpaidTargets = {
    forged: unpaid.filter((_, i) => i % 4 === 0),
    wrongApproval: unpaid.filter((_, i) => i % 4 === 1),
    wrongRefund: unpaid.filter((_, i) => i % 4 === 2),
    noMerchant: unpaid.filter((_, i) => i % 4 === 3),
  };
  // Paid orders refunded after the storm: for a wrong amount, or without the merchant header.
  const paidTargets = {
    wrongRefund: paid.filter((_, i) => i % 5 === 2 || i % 5 === 3),
    noMerchant: paid.filter((_, i) => i % 5 === 4),
  };

  const deliveries: Delivery[] = [];
  for (const [index, order] of paid.entries()) {
    const processing = gatewayReport(order, "processing");
    const approved = gatewayReport(order, "approved");
    // The same status in two separate events, and the approval redelivered three times.
    deliveries.push(delivery("genuine", processing), delivery("genuine", processing));
    const approvalId = randomUUID();
    for (let copy = 0; copy < 3; copy += 1) deliveries.push(delivery("genuine", approved, approvalId));
    deliveries.push(delivery("genuine", approved));
    // Every fifth paid order: an impostor tries to turn it into a decline.
    if (index % 5 === 0) deliveries.push(delivery("forged", gatewayReport(order, "declined")));
    // Every fifth, others: a validly signed approval for 1 cent, refused before the real one and after it.
    if (index % 5 === 1)
      deliveries.push(delivery("wrong-amount", gatewayReport(misreported(order, false), "approved")));
  }
  // Orders nobody paid.
  for (const order of unpaidTargets.forged) {
    for (let copy = 0; copy < 2; copy += 1) deliveries.push(delivery("forged", gatewayReport(order, "approved")));
  }
  for (const [index, order] of unpaidTargets.wrongApproval.entries()) {
    deliveries.push(delivery("wrong-amount", gatewayReport(misreported(order, index % 2 === 1), "approved")));
  }
  for (const [index, order] of unpaidTargets.wrongRefund.entries()) {
    deliveries.push(delivery("wrong-amount", gatewayReport(misreported(order, index % 2 === 1), "refunded")));
  }
  for (const order of unpaidTargets.noMerchant) {
    deliveries.push(delivery("no-merchant", gatewayReport(order, "approved")));
  }
  // Out of order: every delivery at a random place.
  for (let i = deliveries.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [deliveries[i], deliveries[j]] = [deliveries[j] as Delivery, deliveries[i] as Delivery];
  }
  const kinds = (items: Delivery[]) =>
    JSON.stringify(
      Object.fromEntries(
        Object.keys(expectedAnswer).map((kind) => [kind, items.filter((d) => d.kind === kind).length]),
      ),
    );

  const stormStarted = performance.now();
  await deliver(deliveries);
  const stormSeconds = (performance.now() - stormStarted) / 1000;
  console.log(
    `${deliveries.length} deliveries ${kinds(deliveries)} with ${connections} connections in ${stormSeconds.toFixed(2)} s: ${(deliveries.length / stormSeconds).toFixed(0)} webhooks/s accepted; p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms`,
  );

  // The jobs apply the stored events; wait for every paid order to settle (bounded).
  const settled = await waitForJobs(120_000, async () => {
    const books = await orderBooks(database);
    return books.filter((order) => order.status === "approved").length >= paid.length;
  });
  console.log(`all stored events applied ${settled.seconds.toFixed(1)} s after the storm`);

  // After the storm: refunds of paid orders, validly signed for a wrong amount, or without the merchant header.
  const aftershock = [
    ...paidTargets.wrongRefund.map((order, index) =>
      delivery("wrong-amount", gatewayReport(misreported(order, index % 2 === 1), "refunded")),
    ),
    ...paidTargets.noMerchant.map((order) => delivery("no-merchant", gatewayReport(order, "refunded"))),
  ];
  await deliver(aftershock);
  const afterSettled = await waitForJobs(60_000);
  console.log(
    `then refunds of paid orders: ${aftershock.length} deliveries ${kinds(aftershock)}, applied in ${afterSettled.seconds.toFixed(1)} s`,
  );
  const all = [...deliveries, ...aftershock];
  console.log(`answers: ${JSON.stringify(Object.fromEntries(statuses))}`);

  for (const [kind, count] of wrongAnswers) {
    failures.push(`${count} ${kind} deliveries answered other than ${expectedAnswer[kind]}`);
  }
  const serverErrors = [...statuses.entries()].filter(([key]) => /^(5|0)/.test(key)).reduce((n, [, c]) => n + c, 0);
  if (serverErrors > 0) failures.push(`${serverErrors} answers were 5xx or none`);
  if (afterSettled.pending > 0) failures.push(`${afterSettled.pending} stored events never applied`);

  const books = new Map((await orderBooks(database)).map((order) => [order.orderId, order]));
  const booksOf = (targets: Order[]) => targets.map((order) => books.get(order.order_id));
  const untouched = (order: OrderBooks | undefined) =>
    order?.status === "created" &&
    order.charges === 0 &&
    order.refunds === 0 &&
    order.entitlements === 0 &&
    order.receipts === 0;
  const settledOnce = (order: OrderBooks | undefined) =>
    order?.status === "approved" &&
    order.charges === 1 &&
    order.refunds === 0 &&
    order.entitlements === 1 &&
    order.receipts === 1;
  const changed = (targets: Order[], unchanged: (order: OrderBooks | undefined) => boolean) =>
    booksOf(targets).filter((order) => !unchanged(order)).length;

  const wrongPaid = changed(paid, settledOnce);
  const checks: [changedCount: number, of: number, what: string][] = [
    [wrongPaid, paid.length, "paid orders not settled exactly once"],
    [
      changed(unpaidTargets.forged, untouched),
      unpaidTargets.forged.length,
      "unpaid orders changed by forged approvals",
    ],
    [
      changed(unpaidTargets.wrongApproval, untouched),
      unpaidTargets.wrongApproval.length,
      "unpaid orders fulfilled or changed by a wrong-amount approval",
    ],
    [
      changed(unpaidTargets.wrongRefund, untouched),
      unpaidTargets.wrongRefund.length,
      "unpaid orders changed by a wrong-amount refund",
    ],
    [
      changed(unpaidTargets.noMerchant, untouched),
      unpaidTargets.noMerchant.length,
      "unpaid orders changed by an approval without the merchant header",
    ],
    [
      changed(paidTargets.wrongRefund, settledOnce),
      paidTargets.wrongRefund.length,
      "paid orders refunded (ledger) or changed by a wrong-amount refund",
    ],
    [
      changed(paidTargets.noMerchant, settledOnce),
      paidTargets.noMerchant.length,
      "paid orders refunded or changed by a refund without the merchant header",
    ],
  ];
  for (const [count, of, what] of checks) {
    console.log(`${what}: ${count} of ${of}`);
    if (count > 0) failures.push(`${count} ${what}`);
  }

  const [events] = await database.query<{ stored: string; subscriptions: string }>(
    "select (select count(*) from webhook_events) as stored, (select count(*) from subscriptions) as subscriptions",
  );
  const storable = new Set(all.filter((d) => expectedAnswer[d.kind] === 200).map((d) => d.eventId)).size;
  console.log(
    `events stored: ${events?.stored} (distinct validly signed event ids with the merchant header: ${storable}); subscriptions: ${events?.subscriptions}; orders approved: ${[...books.values()].filter((order) => order.status === "approved").length}`,
  );
  if (Number(events?.stored) !== storable) failures.push(`${events?.stored} events stored for ${storable} ids`);
  if (Number(events?.subscriptions) !== paid.length)
    failures.push(`${events?.subscriptions} subscriptions for ${paid.length} payments`);

  // Every wrong-amount report is refused and reported once: "payment webhook refused" in the app's log.
  const wrongAmount = all.filter((d) => d.kind === "wrong-amount").length;
  const isRefusal = (line: string) => line.includes('"msg":"payment webhook refused"');
  let refusals = 0;
  for (let wait = 0; wait < 20; wait += 1) {
    refusals = (await app.errorLines()).filter(isRefusal).length;
    if (refusals >= wrongAmount) break;
    await sleep(500);
  }
  console.log(`wrong-amount reports refused and reported: ${refusals} of ${wrongAmount}`);
  if (refusals !== wrongAmount) failures.push(`${refusals} refusals reported for ${wrongAmount} wrong-amount reports`);
  const otherErrors = (await checkAppLog(app, failures)).filter((line) => !isRefusal(line));
  if (otherErrors.length > 0) failures.push(`${otherErrors.length} errors logged besides the refusals`);
} catch (error) {
  failures.push(`the script failed: ${String(error)}`);
} finally {
  await app.stop();
  await gateway.close();
  await database.drop();
  await keepLogIfFailed(app, failures);
}
verdict(name, failures);
