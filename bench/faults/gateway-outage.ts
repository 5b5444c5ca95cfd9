import { type ApiAnswer, checkout, payFirstPayment, registerParent, sleep } from "../parent-api.ts";
import {
  appUnderTest,
  buyAddOns,
  checkAppLog,
  clientTimeoutMs,
  createScratchDatabase,
  type FaultMode,
  keepLogIfFailed,
  orderBooks,
  queueReconciliation,
  startFaultProxy,
  startGateway,
  upsellStatus,
  verdict,
} from "./payment-harness.ts";

// The payment gateway slow and down while parents pay and take one-click upsells. A proxy
// under this script's control sits between the app and the gateway: "slow" forwards the call
// and holds the answer past the app's 15 s time-out, "down" refuses connections, "unavailable"
// is a load balancer's 503 page, "lost-answer" forwards the call and answers a 504 of its own.
// The gateway sends no webhooks here, so only reconciliation can settle what the faults left.
// At the end the gateway's books and the app's must agree: every order the gateway has (every
// charge above all) is in the app's orders with the same amount, currency and status. And each
// fault must have been felt (the app answered "gateway unavailable" while it lasted), so a proxy
// that faulted nothing cannot pass.
// Usage: sh scripts/with-node.sh node bench/faults/gateway-outage.ts   (about 2 minutes)

const name = "gateway-outage";
const faults: FaultMode[] = ["slow", "down", "unavailable", "lost-answer"];
const failures: string[] = [];
/** Every API answer, with the fault the gateway was in when it was asked ("none" once it is back). */
const answers: { what: string; answer: ApiAnswer; fault: FaultMode | "none" }[] = [];
const database = await createScratchDatabase("outage");
const gateway = await startGateway({ port: 3421 });
const proxy = await startFaultProxy({ port: 3422, target: gateway.origin });
const app = appUnderTest({ port: 3420, databaseUrl: database.url, gatewayUrl: proxy.url });
const { baseUrl } = app;

/** The app's answer when the gateway gave it nothing usable (packages/api/src/error-handler.ts). */
const isGatewayUnavailable = (answer: ApiAnswer) =>
  answer.status === 503 && answer.json.message === "Payment gateway temporarily unavailable";

function record(what: string, answer: ApiAnswer) {
  answers.push({ what, answer, fault: proxy.mode === "pass" ? "none" : proxy.mode });
  const shown = answer.status === 0 ? `no answer (${answer.error})` : `${answer.status} ${JSON.stringify(answer.json)}`;
  console.log(`  ${what.padEnd(34)} ${answer.ms.toFixed(0).padStart(6)} ms  ${shown.slice(0, 110)}`);
  return answer;
}

try {
  await app.start();
  const run = Date.now().toString(36);
  // Per fault: two parents who paid and take the add-ons (one double-clicks), one who is about to pay.
  const cast = [];
  for (const fault of faults) {
    const buyers = [];
    for (const n of [1, 2]) {
      const parent = await registerParent(baseUrl, `outage-${run}-${fault}-buyer-${n}-00000`);
      await payFirstPayment(baseUrl, parent.token);
      buyers.push(parent);
    }
    const newcomer = await registerParent(baseUrl, `outage-${run}-${fault}-newcomer-00000`);
    cast.push({ fault, buyers, newcomer });
  }
  console.log(`${cast.length * 2} parents paid their first payment through the proxy; now the faults\n`);

  const upsellOrders = new Map<string, string>();
  let lastFaultEnded = Date.now();
  for (const { fault, buyers, newcomer } of cast) {
    await proxy.setMode(fault);
    console.log(`gateway ${fault}:`);
    const [buyer1, buyer2] = buyers as [(typeof buyers)[0], (typeof buyers)[0]];
    const calls = await Promise.all([
      checkout(baseUrl, newcomer.token).then((a) => record(`checkout (new parent)`, a)),
      // A double click, and a third click while the first is still waiting.
      buyAddOns(baseUrl, buyer1).then((a) => record("upsell, buyer 1, click 1", a)),
      buyAddOns(baseUrl, buyer1).then((a) => record("upsell, buyer 1, click 2", a)),
      sleep(300)
        .then(() => buyAddOns(baseUrl, buyer1))
        .then((a) => record("upsell, buyer 1, click 3", a)),
      buyAddOns(baseUrl, buyer2).then((a) => record("upsell, buyer 2", a)),
    ]);
    for (const [index, buyer] of [buyer1, buyer1, buyer1, buyer2].entries()) {
      const orderId = calls[index + 1]?.json.order_id;
      if (typeof orderId === "string") upsellOrders.set(buyer.token, orderId);
    }
    // The upsell page polls the order's status while the gateway is still in trouble.
    for (const buyer of buyers) {
      const orderId = upsellOrders.get(buyer.token);
      if (orderId)
        record(
          `upsell status poll (${buyer.token.split("-").at(-2)})`,
          await upsellStatus(baseUrl, buyer.token, orderId),
        );
    }
    await proxy.setMode("pass");
    lastFaultEnded = Date.now();
    console.log("");
  }

  // The gateway is back. Impatient parents click again before anything is reconciled.
  console.log("gateway back: every buyer clicks again, every new parent pays");
  for (const { buyers, newcomer } of cast) {
    for (const buyer of buyers)
      record(`upsell again (${buyer.token.split("-").slice(2, 5).join("-")})`, await buyAddOns(baseUrl, buyer));
    const started = Date.now();
    await payFirstPayment(baseUrl, newcomer.token);
    console.log(`  new parent paid after the ${newcomer.token.split("-")[2]} fault in ${Date.now() - started} ms`);
  }

  // Reconciliation looks at orders left processing for 30 s: queue it once they are, as the
  // minute schedule would, and give it until the next scheduled run.
  const booksBefore = await orderBooks(database);
  const left = booksBefore.filter((order) => order.status === "processing").length;
  console.log(`\norders left processing after the faults: ${left}`);
  await sleep(Math.max(0, lastFaultEnded + 31_000 - Date.now()));
  const reconcileStarted = Date.now();
  await queueReconciliation(database.url);
  let stillProcessing = left;
  while (Date.now() - reconcileStarted < 75_000) {
    await sleep(1000);
    stillProcessing = (await orderBooks(database)).filter((order) => order.status === "processing").length;
    if (stillProcessing === 0) break;
  }
  console.log(
    `reconciliation: ${left} processing -> ${stillProcessing} processing in ${((Date.now() - reconcileStarted) / 1000).toFixed(1)} s`,
  );
  const afterReconciliation = (await orderBooks(database)).filter((order) => order.purpose === "upsale");
  console.log(
    `upsell orders after reconciliation: ${JSON.stringify(countBy(afterReconciliation.map((o) => o.status)))} (created: never reached the gateway, open again)`,
  );
  if (stillProcessing > 0) failures.push(`${stillProcessing} orders still processing after reconciliation`);

  // Parents whose add-ons are not theirs yet try once more, and the page polls to the end.
  for (const { buyers } of cast) {
    for (const buyer of buyers) {
      const again = await buyAddOns(baseUrl, buyer);
      const orderId = String(again.json.order_id ?? "");
      for (let poll = 0; orderId && poll < 20; poll += 1) {
        const status = await upsellStatus(baseUrl, buyer.token, orderId);
        if (status.json.status !== "processing") break;
        await sleep(250);
      }
      if (again.status !== 200 && again.status !== 409) record(`last upsell (${buyer.token})`, again);
    }
  }

  // The checks: clean answers, one charge per parent and kind, books that match the gateway's.
  const crashes = answers.filter(({ answer }) => answer.status === 0 || answer.status === 500);
  const slowest = Math.max(...answers.map(({ answer }) => answer.ms));
  console.log(
    `\nAPI answers during and after the faults: ${answers.length}; status codes ${JSON.stringify(countBy(answers.map(({ answer }) => answer.status)))}; slowest ${slowest.toFixed(0)} ms (client time-out ${clientTimeoutMs} ms)`,
  );
  if (crashes.length > 0) failures.push(`${crashes.length} answers were 500 or no answer`);
  if (slowest > clientTimeoutMs + 5_000) failures.push(`an answer took ${slowest.toFixed(0)} ms`);

  // Each fault was felt: gateway calls met it (none reach the proxy while it is "down": nobody
  // listens) and the app answered "gateway unavailable" while it lasted.
  for (const fault of faults) {
    const met = proxy.calls.filter((call) => call.mode === fault).length;
    const during = answers.filter((entry) => entry.fault === fault);
    const unavailable = during.filter((entry) => isGatewayUnavailable(entry.answer)).length;
    console.log(
      `  ${fault}: ${met} gateway calls met the fault; ${unavailable} of ${during.length} API answers were 503 gateway unavailable`,
    );
    if (unavailable === 0) failures.push(`the ${fault} fault produced no "gateway unavailable" answer`);
    if (fault !== "down" && met === 0) failures.push(`no gateway call met the ${fault} fault`);
  }

  const books = await orderBooks(database);
  const charges = await gateway.charges();
  const booksById = new Map(books.map((order) => [order.orderId, order]));
  const gatewayStatus = new Map(charges.map((charge) => [charge.order_id, charge.status]));
  // The gateway's side: every order it has is the app's, at the same price and status. A charge
  // the app does not know, or does not know as paid, is money taken for nothing (an orphan).
  const orphans: string[] = [];
  const disagreements: string[] = [];
  for (const charge of charges) {
    const order = booksById.get(charge.order_id);
    const there = `${charge.kind} ${charge.status} ${charge.amount} ${charge.currency} at the gateway`;
    const here = order ? `${order.purpose} ${order.status} ${order.amount} ${order.currency} here` : "unknown here";
    if (charge.status === "approved" && order?.status !== "approved")
      orphans.push(`${charge.order_id}: ${there}, ${here}`);
    else if (
      order?.status !== charge.status ||
      order.amount !== charge.amount ||
      order.currency.toUpperCase() !== charge.currency.toUpperCase()
    )
      disagreements.push(`${charge.order_id}: ${there}, ${here}`);
  }
  // The app's side: nothing approved that the gateway did not charge, and books that follow the status.
  const unbacked = books
    .filter((order) => order.status === "approved" && gatewayStatus.get(order.orderId) !== "approved")
    .map(
      (order) => `${order.orderId} (${order.purpose}): ${gatewayStatus.get(order.orderId) ?? "unknown"} at the gateway`,
    );
  const misbooked = books
    .filter((order) => {
      const expected = order.status === "approved" ? 1 : 0;
      return (
        order.charges !== expected ||
        order.entitlements !== expected ||
        order.receipts !== expected ||
        order.refunds !== 0
      );
    })
    .map(
      (order) =>
        `${order.orderId} ${order.status}: ${order.charges} ledger charges, ${order.refunds} refunds, ${order.entitlements} entitlements, ${order.receipts} receipts`,
    );
  console.log(
    `gateway against app: ${charges.length} gateway orders; orphan charges ${orphans.length}; other disagreements ${disagreements.length}; approved here but not charged ${unbacked.length}; books not matching the status ${misbooked.length}`,
  );
  const listed = (items: string[]) => `${items.slice(0, 3).join("; ")}${items.length > 3 ? "; ..." : ""}`;
  if (orphans.length > 0)
    failures.push(
      `${orphans.length} orphan charges (the gateway charged, the app has not as paid): ${listed(orphans)}`,
    );
  if (disagreements.length > 0)
    failures.push(`${disagreements.length} gateway orders the app has otherwise: ${listed(disagreements)}`);
  if (unbacked.length > 0)
    failures.push(`${unbacked.length} orders approved here and not charged: ${listed(unbacked)}`);
  if (misbooked.length > 0) failures.push(`${misbooked.length} orders whose books do not match: ${listed(misbooked)}`);

  const upsellCharges = new Map<string, number>();
  for (const order of books) {
    if (order.purpose === "upsale" && gatewayStatus.get(order.orderId) === "approved") {
      upsellCharges.set(order.userId, (upsellCharges.get(order.userId) ?? 0) + 1);
    }
  }
  const doubleCharged = [...upsellCharges.values()].filter((n) => n > 1).length;
  const buyersServed = [...upsellCharges.values()].filter((n) => n === 1).length;
  const firstPayments = books.filter((order) => order.purpose === "subscription" && order.status === "approved").length;
  console.log(
    `gateway: ${charges.length} orders (${charges.filter((c) => c.status === "approved").length} approved); app: ${books.length} orders ${JSON.stringify(countBy(books.map((o) => `${o.purpose}:${o.status}`)))}`,
  );
  console.log(
    `upsell buyers charged once: ${buyersServed} of ${cast.length * 2}; charged twice or more: ${doubleCharged}; first payments approved: ${firstPayments} of ${cast.length * 3}`,
  );
  if (doubleCharged > 0) failures.push(`${doubleCharged} parents charged twice for the add-ons`);
  if (buyersServed !== cast.length * 2)
    failures.push(`${cast.length * 2 - buyersServed} buyers never got their add-ons`);
  if (firstPayments !== cast.length * 3)
    failures.push(`${cast.length * 3 - firstPayments} first payments not approved`);
  await checkAppLog(app, failures);
} catch (error) {
  failures.push(`the script failed: ${String(error)}`);
} finally {
  await app.stop();
  await proxy.close();
  await gateway.close();
  await database.drop();
  await keepLogIfFailed(app, failures);
}
verdict(name, failures);

function countBy(values: (string | number)[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}
