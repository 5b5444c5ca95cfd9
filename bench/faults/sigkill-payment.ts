import { checkout, payFirstPayment, payOnHostedPage, registerParent, sleep } from "../parent-api.ts";
import {
  appUnderTest,
  buyAddOns,
  checkAppLog,
  createScratchDatabase,
  keepLogIfFailed,
  orderBooks,
  queueReconciliation,
  type ScratchDatabase,
  startFaultProxy,
  startGateway,
  upsaleStatus,
  verdict,
} from "./payment-harness.ts";

// The app killed with SIGKILL in the middle of a payment, in the windows where the gateway has
// taken the money and the app has not recorded it, then restarted on the same database:
//  1. a one-click upsell: killed while the gateway's answer to /recurring is on its way back;
//  2. a first payment on the hosted page: killed as the gateway's "approved" webhook arrives;
//  3. a first payment: killed right after the app stored the "approved" webhook, before its job ran.
//  4. a first payment: killed as the gateway's first webhook arrives, the parent never back.
// In 1, 2 and 4 the gateway's webhook retries are lost as well, so only reconciliation can settle.
// Each must end approved exactly once: one gateway charge, one ledger charge, one entitlement,
// one receipt. Usage: sh scripts/with-node.sh node bench/faults/sigkill-payment.ts   (about 4 minutes)

const name = "sigkill-payment";
const failures: string[] = [];
const database = await createScratchDatabase("sigkill");
// The gateway's webhooks reach the app through a proxy of their own, so they can be lost too.
const webhooks = await startFaultProxy({ port: 3428, target: "http://127.0.0.1:3425" });
const gateway = await startGateway({ port: 3426, webhookUrl: `${webhooks.origin}/api/v1/solid/webhook` });
const api = await startFaultProxy({ port: 3427, target: gateway.origin });
const app = appUnderTest({ port: 3425, databaseUrl: database.url, gatewayUrl: api.url });
const { baseUrl } = app;
const run = Date.now().toString(36);

async function waitFor<T>(what: string, read: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const value = await read();
    if (value !== undefined) return value;
    await sleep(250);
  }
  throw new Error(`timed out waiting for ${what}`);
}

const orderRow = async (orderId: string) => (await orderBooks(database)).find((order) => order.orderId === orderId);

/** Reconciliation as the minute schedule runs it, once the order has been processing for 30 s. */
async function reconcile(orderId: string, processingSince: number) {
  await sleep(Math.max(0, processingSince + 31_000 - Date.now()));
  await queueReconciliation(database.url);
  return waitFor(
    `order ${orderId} to settle`,
    async () => {
      const order = await orderRow(orderId);
      return order && order.status !== "processing" && order.status !== "created" ? order : undefined;
    },
    75_000,
  );
}

/** The checks every scenario ends with. */
async function settledOnce(scenario: string, orderId: string, userId: string, purpose: string) {
  const books = await orderBooks(database);
  const order = books.find((row) => row.orderId === orderId);
  const mine = books.filter((row) => row.userId === userId && row.purpose === purpose);
  const charges = (await gateway.charges()).filter(
    (charge) => mine.some((row) => row.orderId === charge.order_id) && charge.status === "approved",
  );
  console.log(
    `  ${scenario}: order ${order?.status}; gateway charges ${charges.length}; ledger charges ${order?.charges}; entitlements ${order?.entitlements}; receipts ${order?.receipts}; ${purpose} orders for the parent ${mine.length}`,
  );
  if (
    order?.status !== "approved" ||
    charges.length !== 1 ||
    order.charges !== 1 ||
    order.entitlements !== 1 ||
    order.receipts !== 1 ||
    mine.length !== 1
  ) {
    failures.push(`${scenario}: not approved exactly once`);
  }
}

try {
  await app.start();

  // 1. One-click upsell: the gateway charged, its answer never reaches the app.
  {
    console.log("1. upsell, killed while the gateway's answer to /recurring is in flight");
    const parent = await registerParent(baseUrl, `sigkill-${run}-upsell-0000000000`);
    await payFirstPayment(baseUrl, parent.token);
    const userId = await userIdOf(database, parent.token);
    let chargedAt = 0;
    let chargesAtKill = 0;
    api.hook("after", async ({ path }) => {
      if (!path.endsWith("/recurring")) return;
      api.hook("after", undefined);
      chargedAt = Date.now();
      chargesAtKill = (await gateway.charges()).filter((charge) => charge.kind === "recurring").length;
      // The gateway's own retries of this order's webhooks are lost as well.
      await webhooks.setMode("unavailable");
      await app.kill("SIGKILL");
    });
    const click = await buyAddOns(baseUrl, parent);
    const state = (await orderBooks(database)).find((order) => order.userId === userId && order.purpose === "upsale");
    console.log(
      `  the browser got ${click.status === 0 ? "no answer" : click.status}; the gateway held ${chargesAtKill} recurring charge; the app's order was ${state?.status}`,
    );
    const restartMs = await app.start();
    console.log(`  restarted in ${restartMs} ms`);
    // The parent reloads and clicks again: the order under way, not a second charge.
    const again = await buyAddOns(baseUrl, parent);
    console.log(`  click after the restart: ${again.status} ${JSON.stringify(again.json)}`);
    if (!state) throw new Error("no upsell order was recorded before the kill");
    const settled = await reconcile(state.orderId, chargedAt);
    console.log(`  reconciliation settled it ${((Date.now() - chargedAt) / 1000).toFixed(1)} s after the charge`);
    const status = await upsaleStatus(baseUrl, parent.token, state.orderId);
    console.log(`  the upsell page now reads: ${JSON.stringify(status.json)} (${settled.status} in the books)`);
    await webhooks.setMode("pass");
    await settledOnce("upsell", state.orderId, userId, "upsale");
  }

  // 2. First payment: paid on the hosted page, the app killed as the "approved" webhook arrives.
  {
    console.log("2. first payment, killed as the gateway's approved webhook arrives (and its retries are lost)");
    const parent = await registerParent(baseUrl, `sigkill-${run}-webhook-000000000`);
    const userId = await userIdOf(database, parent.token);
    let killedAt = 0;
    webhooks.hook("before", async ({ body }) => {
      if (!body.includes('"status":"approved"')) return;
      webhooks.hook("before", undefined);
      killedAt = Date.now();
      await webhooks.setMode("unavailable");
      await app.kill("SIGKILL");
    });
    const started = await checkout(baseUrl, parent.token);
    const orderId = String(started.json.order_id);
    await payOnHostedPage(String(started.json.redirect_url));
    await waitFor("the kill", async () => (killedAt ? true : undefined), 15_000);
    const restartMs = await app.start();
    const before = await orderRow(orderId);
    console.log(`  restarted in ${restartMs} ms; the app's order is ${before?.status}; the parent never comes back`);
    await reconcile(orderId, killedAt);
    console.log(`  reconciliation settled it ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill`);
    await webhooks.setMode("pass");
    await settledOnce("first payment, webhook lost", orderId, userId, "subscription");
  }

  // 3. First payment: the app stored the approved webhook and answered 200, then died before
  // its job applied it. The stored event and its queued job must survive the crash.
  {
    console.log("3. first payment, killed after the approved webhook was stored, before its job applied it");
    const parent = await registerParent(baseUrl, `sigkill-${run}-stored-0000000000`);
    const userId = await userIdOf(database, parent.token);
    let killedAt = 0;
    let eventState = "";
    const started = await checkout(baseUrl, parent.token);
    const orderId = String(started.json.order_id);
    webhooks.hook("after", async ({ body }) => {
      if (!body.includes('"status":"approved"') || !body.includes(orderId)) return;
      webhooks.hook("after", undefined);
      await app.kill("SIGKILL");
      killedAt = Date.now();
      const [event] = await database.query<{ processed: boolean }>(
        `select processed_at is not null as processed from webhook_events
         where body like '%' || $1 || '%' and body like '%"status":"approved"%'`,
        [orderId],
      );
      eventState = event ? (event.processed ? "stored and applied" : "stored, not applied") : "not stored";
    });
    await payOnHostedPage(String(started.json.redirect_url));
    await waitFor("the kill", async () => (killedAt ? true : undefined), 15_000);
    const before = await orderRow(orderId);
    const restartMs = await app.start();
    console.log(`  at the kill: the webhook was ${eventState}; the app's order was ${before?.status}`);
    console.log(`  restarted in ${restartMs} ms; the parent never comes back`);
    await waitFor(
      `order ${orderId} approved`,
      async () => ((await orderRow(orderId))?.status === "approved" ? true : undefined),
      45_000,
    ).catch(() => reconcile(orderId, killedAt));
    console.log(`  settled ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill`);
    await settledOnce("first payment, webhook stored", orderId, userId, "subscription");
  }

  // 4. First payment: killed as the gateway's very first webhook arrives, every retry lost and
  // the parent never back: the app has not even seen the order move. Reconciliation asks about
  // orders still created as they pass a few ages (the first at one minute).
  {
    console.log("4. first payment, killed as the first webhook arrives (all lost, the parent never back)");
    const parent = await registerParent(baseUrl, `sigkill-${run}-unheard-000000000`);
    const userId = await userIdOf(database, parent.token);
    let killedAt = 0;
    const started = await checkout(baseUrl, parent.token);
    const orderId = String(started.json.order_id);
    const createdAt = Date.now();
    webhooks.hook("before", async ({ body }) => {
      if (!body.includes(orderId)) return;
      webhooks.hook("before", undefined);
      killedAt = Date.now();
      await webhooks.setMode("unavailable");
      await app.kill("SIGKILL");
    });
    await payOnHostedPage(String(started.json.redirect_url));
    await waitFor("the kill", async () => (killedAt ? true : undefined), 15_000);
    const restartMs = await app.start();
    console.log(`  restarted in ${restartMs} ms; the app's order is ${(await orderRow(orderId))?.status}`);
    await sleep(Math.max(0, createdAt + 62_000 - Date.now()));
    await queueReconciliation(database.url);
    await waitFor(
      `order ${orderId} approved`,
      async () => ((await orderRow(orderId))?.status === "approved" ? true : undefined),
      60_000,
    ).catch(() => undefined);
    console.log(`  settled ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill`);
    await webhooks.setMode("pass");
    await settledOnce("first payment, no webhook ever", orderId, userId, "subscription");
  }

  await checkAppLog(app, failures);
} catch (error) {
  failures.push(`the script failed: ${String(error)}`);
} finally {
  await app.stop();
  await api.close();
  await webhooks.close();
  await gateway.close();
  await database.drop();
  await keepLogIfFailed(app, failures);
}
verdict(name, failures);

async function userIdOf(db: ScratchDatabase, token: string): Promise<string> {
  const [user] = await db.query<{ id: string }>("select id from users where token = $1", [token]);
  if (!user) throw new Error(`no parent ${token}`);
  return user.id;
}
