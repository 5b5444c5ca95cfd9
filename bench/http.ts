import autocannon from "autocannon";
import { startBenchServer } from "./bench-server.ts";
import { measurePageWeight } from "./page-weight.ts";

// Loopback-only, bounded benchmark of the built server: throughput and latency for an SSR
// page and the health endpoint, plus what a first visit to the funnel pages downloads.
// Usage: npm run bench [-- --seconds 10 --connections 10]   (DATABASE_URL selects PostgreSQL)

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
  args.set(String(process.argv[i]).replace(/^--/, ""), String(process.argv[i + 1]));
const seconds = Math.min(Number(args.get("seconds") ?? 10), 120);
const connections = Math.min(Number(args.get("connections") ?? 10), 100);
const { baseUrl, stop } = await startBenchServer(3300, { RATE_LIMIT_MAX: "100000000" });
const apiKey = "local-development-secret";

async function load(title: string, path: string, headers: Record<string, string> = {}, body?: object) {
  const result = await autocannon({
    url: `${baseUrl}${path}`,
    connections,
    duration: seconds,
    headers: body ? { ...headers, "content-type": "application/json" } : headers,
    ...(body && { method: "POST", body: JSON.stringify(body) }),
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  console.log(
    `${title.padEnd(38)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   errors ${errors}`,
  );
  return result.requests.average;
}

try {
  console.log(
    `database: ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}; ${connections} connections, ${seconds} s per run, loopback\n`,
  );
  const ssr = await load("SSR page GET /onboarding/ (br)", "/onboarding/", {
    "accept-encoding": "br",
    "accept-language": "en",
  });
  const ssrAr = await load("SSR page GET /ar/onboarding/ (br)", "/ar/onboarding/", { "accept-encoding": "br" });
  const status = await load(
    "GET /api/v1/onboarding/{token}",
    "/api/v1/onboarding/bench-token-0000000000000?product=kinderready",
    {
      "x-api-key": apiKey,
    },
  );
  const priceConfig = await load(
    "POST /api/v1/purchase/price-config",
    "/api/v1/purchase/price-config",
    { "x-api-key": apiKey },
    { countryCode: "de", product: "kinderready", purchaseType: "subscription", flow: "copy_1", introOfferGroup: "B" },
  );
  // A registered parent asking for the payment page again and again: one order, and each
  // request a signed /init to the in-process simulator over HTTP.
  const token = "bench-buyer-token-000000000";
  await fetch(`${baseUrl}/api/v1/onboarding`, {
    method: "POST",
    headers: { "x-api-key": apiKey, "content-type": "application/json" },
    body: JSON.stringify({
      kid: { name: "Emma", years: { text: "5", value: 5 } },
      email: "bench-buyer@example.com",
      questions: [{ id: "ty", answer: "soon" }],
      isForbiddenToMailing: true,
      user_token: token,
      purchasePathByFlow: "/purchase/",
      product: "kinderready",
      locale: "en",
      country_code: "US",
    }),
  });
  const checkout = await load(
    "POST /api/v1/purchase/checkout",
    "/api/v1/purchase/checkout",
    { "x-api-key": apiKey },
    {
      user_token: token,
      product: "kinderready",
      flow: "main",
      variant: "initial",
      country_code: "us",
      locale: "en",
      return_url: `${baseUrl}/purchase/?token=${token}`,
    },
  );
  const health = await load("GET /api/v1/health", "/api/v1/health");
  console.log(
    `\nratio to health: SSR ${(ssr / health).toFixed(3)} (en), ${(ssrAr / health).toFixed(3)} (ar); status ${(status / health).toFixed(3)}; price-config ${(priceConfig / health).toFixed(3)}; checkout ${(checkout / health).toFixed(3)}`,
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
