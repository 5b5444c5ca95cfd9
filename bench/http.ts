import { randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import { apiKeyFor } from "@kinderready/config/config.server";
import autocannon from "autocannon";
import { residentMegabytes, startBenchServer } from "./bench-server.ts";
import { measurePageWeight } from "./page-weight.ts";
import { registerParent } from "./parent-api.ts";

// Loopback-only, bounded benchmark of the built server: throughput and latency per endpoint,
// each beside GET /api/v1/health measured in the same run (the ratio says what the endpoint
// costs over the bare server); the server's resident memory before and after a 60 s mixed
// load; what a first visit to the funnel pages downloads.
// Usage: npm run bench [-- --seconds 10 --connections 10 --memory-seconds 60 --node-options "--max-old-space-size=256"]
//        (DATABASE_URL selects PostgreSQL; a throw-away PGlite otherwise; --node-options start the
//        server with Node flags, to weigh memory against throughput)

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
  args.set(String(process.argv[i]).replace(/^--/, ""), String(process.argv[i + 1]));
const seconds = Math.min(Number(args.get("seconds") ?? 10), 120);
const connections = Math.min(Number(args.get("connections") ?? 10), 100);
const memorySeconds = Math.min(Number(args.get("memory-seconds") ?? 60), 600);
const nodeOptions = args.get("node-options");
const { baseUrl, stop, pid } = await startBenchServer(3500, {
  RATE_LIMIT_MAX: "100000000",
  ...(nodeOptions && { NODE_OPTIONS: nodeOptions }),
});
const apiKey = apiKeyFor("local-development-secret");
const json = { "x-api-key": apiKey, "content-type": "application/json" };

type Target = {
  path: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: () => string;
  /** A path made per request (a fresh ad click each time), instead of `path`. */
  freshPath?: () => string;
};

/** An analytics batch as the browser sends it at 30 queued events: fresh event ids each time. */
function analyticsBatch(): string {
  const now = Date.now();
  return JSON.stringify({
    session_id: now,
    events: Array.from({ length: 30 }, (_, index) => ({
      event_id: randomUUID(),
      name: index % 2 ? "quiz_step_answered" : "quiz_step_viewed",
      time: now + index,
      page: "/quiz1/",
      properties: { flow: "copy_1", step: `step-${index}` },
    })),
  });
}

const toRequest = (target: Target): autocannon.Request => ({
  path: target.path,
  method: target.method ?? "GET",
  ...(target.headers && { headers: target.headers }),
  // A body or a path made per request (fresh ids), or neither.
  ...((target.body || target.freshPath) && {
    setupRequest: (request: autocannon.Request) => ({
      ...request,
      ...(target.body && { body: target.body() }),
      ...(target.freshPath && { path: target.freshPath() }),
    }),
  }),
});

async function load(targets: Target[], duration: number) {
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration,
    requests: targets.map(toRequest),
  });
  return { ...result, failures: result.errors + result.timeouts + result.non2xx };
}

/** The machine's load average (1, 5, 15 min): the machine is shared, so each figure says how busy it was. */
const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");

let health = 0;
async function row(title: string, target: Target) {
  const result = await load([target], seconds);
  const rate = result.requests.average;
  if (!health) health = rate;
  console.log(
    `${title.padEnd(44)} ${rate.toFixed(0).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   errors ${String(result.failures).padStart(3)}   ratio to health ${(rate / health).toFixed(3)}`,
  );
}

try {
  const database = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
  console.log(
    `database: ${database}; ${connections} connections, ${seconds} s per row, loopback; server Node options: ${nodeOptions ?? "none"}; load average ${loadAverage()}\n`,
  );
  const rssAtStart = await residentMegabytes(pid);
  const leadToken = "bench-lead-token-0000000000";
  const buyerToken = "bench-buyer-token-000000000";
  await registerParent(baseUrl, leadToken);
  await registerParent(baseUrl, buyerToken);

  const brotli = { "accept-encoding": "br", "accept-language": "en" };
  // The quiz's questions are one page (they change in the browser): its SSR with a visitor's
  // token, whose loader looks the visitor up, is what every question's reload costs. The token
  // names nobody (a parent who finished the quiz is redirected instead): the quiz renders afresh.
  const quizPage: Target = { path: "/quiz1/?token=bench-visitor-token-00000000", headers: brotli };
  const status: Target = {
    path: `/api/v1/onboarding/${leadToken}?product=kinderready`,
    headers: { "x-api-key": apiKey },
  };
  const priceConfig: Target = {
    path: "/api/v1/purchase/price-config",
    method: "POST",
    headers: json,
    body: () =>
      JSON.stringify({
        countryCode: "de",
        product: "kinderready",
        purchaseType: "subscription",
        flow: "copy_1",
        introOfferGroup: "B",
      }),
  };
  const analytics: Target = {
    path: "/api/v1/analytics/events",
    method: "POST",
    // The device is the cookie the pages set; the batch names none.
    headers: { "content-type": "application/json", cookie: "kr_device=bench-device-00000001" },
    body: analyticsBatch,
  };

  // Compiled and warmed before anything is measured: the first row is the ratios' baseline.
  await load([{ path: "/api/v1/health" }, quizPage, { path: "/onboarding/", headers: brotli }], 3);
  await row("GET /api/v1/health (baseline)", { path: "/api/v1/health" });
  await row("SSR quiz page GET /quiz1/?token= (br)", quizPage);
  await row("SSR page GET /onboarding/ (br)", { path: "/onboarding/", headers: brotli });
  await row("SSR page GET /ar/onboarding/ (br)", { path: "/ar/onboarding/", headers: { "accept-encoding": "br" } });
  // An ad's arrival: the campaign and a click id of its own on every request.
  await row("SSR ad arrival GET /quiz1/?utm_…&fbclid= (br)", {
    path: "/quiz1/",
    headers: brotli,
    freshPath: () => `/quiz1/?utm_source=facebook&utm_campaign=fall&fbclid=IwAR${randomUUID()}`,
  });
  await row("GET /api/v1/onboarding/{token} (a lead)", status);
  await row("POST /api/v1/purchase/price-config", priceConfig);
  await row("POST /api/v1/analytics/events (30 events)", analytics);
  // A registered parent asking for the payment page again and again: one order, and each
  // request a signed /init to the in-process simulator over HTTP.
  await row("POST /api/v1/purchase/checkout", {
    path: "/api/v1/purchase/checkout",
    method: "POST",
    headers: json,
    body: () =>
      JSON.stringify({
        user_token: buyerToken,
        product: "kinderready",
        flow: "main",
        country_code: "us",
        locale: "en",
        return_url: `${baseUrl}/purchase/?token=${buyerToken}`,
      }),
  });
  await row("GET /api/v1/health (again, after the rows)", { path: "/api/v1/health" });
  console.log(`load average after the rows: ${loadAverage()}`);

  const rssBefore = await residentMegabytes(pid);
  const mixed = await load([quizPage, status, priceConfig, analytics], memorySeconds);
  const rssAfter = await residentMegabytes(pid);
  console.log(
    `\nserver RSS (VmRSS, pid ${pid}): ${rssAtStart.toFixed(0)} MB at start, ${rssBefore.toFixed(0)} MB before and ${rssAfter.toFixed(0)} MB after ${memorySeconds} s of mixed load (quiz page, status, price-config, analytics: ${mixed.requests.total} requests, ${mixed.requests.average.toFixed(0)} req/s, p99 ${mixed.latency.p99} ms, errors ${mixed.failures}); load average ${loadAverage()}`,
  );

  console.log("\nfirst-visit weight, gzipped (budget: JS <= 110 KB, CSS <= 20 KB, HTML <= 30 KB)");
  for (const path of ["/onboarding/", "/quiz1/", "/purchase/", "/ar/onboarding/", "/printables/"]) {
    const weight = await measurePageWeight(baseUrl, path);
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`.padStart(9);
    console.log(
      `${path.padEnd(20)} JS ${kb(weight.jsGzip)}   CSS ${kb(weight.cssGzip)}   HTML ${kb(weight.htmlGzip)}   (${weight.files} files)`,
    );
  }
} finally {
  await stop();
}
