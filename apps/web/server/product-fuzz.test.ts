import { collectApiRoutes } from "@kinderready/api/test/api-fuzz-harness";
import { chunkedPayload, unicodeEdgeCases } from "@kinderready/api/test/fuzz-arbitraries";
import { fuzzRequests, runsEach } from "@kinderready/api/test/fuzz-budget";
import { testDatabases } from "@kinderready/db/test/test-databases";
import { signBody } from "@kinderready/domain/payments/solidgate-protocol";
import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerTables } from "../app/routes/console/customers/customer-columns.tsx";
import { experimentTables } from "../app/routes/console/experiments/experiment-columns.tsx";
import { funnelTables } from "../app/routes/console/funnel/funnel-columns.tsx";
import { revenueTables } from "../app/routes/console/revenue/revenue-columns.tsx";
import { subscriptionTables } from "../app/routes/console/revenue/subscription-columns.tsx";
import { type OperatorBrowser, signInOverHttp, testOperatorEnv } from "../test/console-operator.ts";
import {
  encodedBody,
  encodingFor,
  megabytes,
  oddDays,
  oddIds,
  rawRequest,
  rawSegments,
  reshapedPath,
  staysOnSite,
  watchHeap,
} from "../test/fuzz-requests.ts";
import { productTestApiKey, startTestProduct, type TestProduct } from "../test/product.ts";

// Every route of the whole server as it runs, allowing no 5xx: every page action, every console
// page, export and change as a signed-in operator (odd ids in the path and the fields, odd days
// and values in the query), every API route with the key, the gateway simulator's pages and API.
// Fields hold hostile text (long, NUL, lone surrogates, direction overrides, zero-width, script
// and SQL) or numbers, lists, objects and null where text goes; bodies come as the endpoint reads
// them, as the other kind (JSON to a form, a form to JSON), as multipart, or in chunks without a
// length; paths come with doubled, encoded and backslashed slashes and dots, on a real socket; no
// redirect may leave the site. At the end the process still answers and its heap is bounded.
//
// FUZZ_REQUESTS sets how many requests are generated (fuzz-budget.ts); the default keeps this
// file near a minute on two cores. The counts by status, the routes reached and the heap are
// printed at the end (docs/operations.md has a long run's figures).

type BodyKind = "json" | "form";
type Action = { path: string; kind: BodyKind; samples: Record<string, unknown>[] };

const seed = 20_261_125;
/** Generated requests in all, shared below by weight. */
const requests = fuzzRequests(1_200);
const share = { actions: 0.35, consoleReads: 0.2, consoleChanges: 0.2, paths: 0.12, simulator: 0.13 };

const hostileText: string[] = [
  ...unicodeEdgeCases,
  "\u001B[31mred\u0007",
  "Robert'); DROP TABLE users;--",
  "<img src=x onerror=alert(1)>",
  "a".repeat(10_000),
  "é".repeat(3_000),
];
const wrongTypes: unknown[] = [null, 0, -1, 1e308, true, [], {}, [null], { a: 1 }, "", ["a", "b"], [{ a: [] }]];
const deepJson = `${"[".repeat(50_000)}${"]".repeat(50_000)}`;
const oddMethods = ["TRACE", "PROPFIND", "MKCOL", "LOCK", "SEARCH", "OPTIONS", "CONNECT", "PUT", "PATCH", "DELETE"];

/** Console addresses that take no change, and the query names each reads. */
const consoleReads: Record<string, readonly string[]> = {
  "/admin/": [
    "from",
    "to",
    "locale",
    "country",
    "flow",
    "utmSource",
    "utmCampaign",
    "device",
    "window",
    "steps",
    "breakdown",
    "dropped",
  ],
  "/admin/experiments/": ["split", "phase", "country", "locale", "device"],
  "/admin/revenue/": ["from", "to"],
  "/admin/customers/": ["q"],
  "/admin/customers/:userId/": ["refund"],
  "/admin/offer/": ["currency", "group", "variant"],
  "/admin/reviews/": ["status"],
  "/admin/forwarding/": [],
  "/admin/audit/": ["from", "to", "before"],
  "/admin/sign-in/": ["next"],
};
/** Every export, by the tables the console has (a new one is fuzzed by itself). */
const exportReports = [
  ...Object.keys(funnelTables),
  ...Object.keys(experimentTables),
  ...Object.keys(customerTables),
  ...Object.keys(revenueTables),
  ...Object.keys(subscriptionTables),
  "audit.csv",
  "prices.csv",
  "customers.csv",
  "no-such.csv",
];
const exportQuery = [
  "from",
  "to",
  "before",
  "split",
  "phase",
  "country",
  "locale",
  "device",
  "q",
  "user",
  "window",
  "breakdown",
  "dropped",
];

describe.each(testDatabases())("the product fuzzed on $name", (target) => {
  let product: TestProduct;
  let operator: OperatorBrowser;
  let token: string;
  let customerId: string;
  let planId: string;
  let heap: ReturnType<typeof watchHeap>;
  let startedAt = 0;
  const statuses = new Map<number, number>();
  const routes = new Set<string>();
  let generated = 0;
  let failures: string[] = [];

  beforeAll(async () => {
    startedAt = Date.now();
    // The server's own error lines are printed: a 5xx shows its cause beside the request.
    product = await startTestProduct(target, {
      ...testOperatorEnv,
      OVERLOAD_EVENT_LOOP_DELAY_MS: "0",
      LOG_LEVEL: "error",
    });
    token = await registerParent();
    operator = await signInOverHttp(product.app);
    customerId = await findCustomer(`${token}@example.com`);
    const offer = await asOperator({ url: "/admin/offer/" });
    planId = /name="id" value="([^"]+)"/.exec(offer.body)?.[1] ?? "";
    expect(planId).not.toBe("");
    heap = watchHeap();
  }, 120_000);

  afterAll(async () => {
    const counts = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
    const total = [...statuses.values()].reduce((sum, count) => sum + count, 0);
    const seconds = ((Date.now() - startedAt) / 1000).toFixed(0);
    process.stdout.write(
      `product fuzz on ${target.name}: ${total} requests (${generated} generated) to ${routes.size} routes in ${seconds} s; ${counts.join(", ")}\n`,
    );
    await product?.close();
  }, 60_000);

  /** A parent as the quiz creates one (its last post); answers the user token. */
  async function registerParent(): Promise<string> {
    const user_token = `fuzz${Date.now()}parent0000000000`;
    const response = await product.app.inject({
      method: "POST",
      url: "/onboarding/",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({
        intent: "submit",
        search: "",
        lead: validLead(user_token, `${user_token}@example.com`),
      }),
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(302);
    return user_token;
  }

  /** The parent's id, as the console's search links to them. */
  async function findCustomer(email: string): Promise<string> {
    const search = await asOperator({ url: `/admin/customers/?q=${encodeURIComponent(email)}` });
    const id = /\/admin\/customers\/([0-9a-f-]{36})\//.exec(search.body)?.[1];
    expect(id, search.body.slice(0, 300)).toBeDefined();
    return id as string;
  }

  function validLead(user_token: string, email: string) {
    return {
      kid: { name: "Noa", years: { text: "5 years", value: 5 } },
      email,
      questions: [{ id: "ty", answer: "soon" }],
      isForbiddenToMailing: true,
      user_token,
    };
  }

  const asOperator = (request: InjectOptions) =>
    product.app.inject({ ...request, headers: { ...request.headers, cookie: operator.cookie } });

  /** Counts the answer under its route and status; a 5xx is a failure, as is a redirect off the site. */
  function record(route: string, what: string, answer: { statusCode: number; location?: string; body: string }) {
    routes.add(route);
    statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
    if (answer.statusCode >= 500) failures.push(`${what}: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
    if (answer.location !== undefined && !staysOnSite(answer.location, product.origin)) {
      failures.push(`${what}: redirected off the site to ${answer.location}`);
    }
  }

  async function send(request: InjectOptions, what: string, route: string) {
    const response = await product.app.inject(request);
    const location = response.headers.location;
    record(route, what, {
      statusCode: response.statusCode,
      body: response.body,
      ...(typeof location === "string" && { location }),
    });
    return response;
  }

  const expectNoFailures = () => expect(failures, `${failures.length} failures`).toEqual([]);

  function actions(): Action[] {
    const lead = validLead(`fuzz${Date.now()}lead00000000000000`, "lead@example.com");
    const quiz = [
      { intent: "check-email", email: "someone@example.com", user_token: token },
      { intent: "submit", search: "?utm_source=x", lead },
    ];
    const purchase = [
      { intent: "offer-shown" },
      { intent: "checkout", agree: "on", immediate_access: "on" },
      { intent: "order-status", order_id: "fuzz-order" },
    ];
    const printables = [
      { intent: "complete", item_id: "l1-i1", done: true },
      { intent: "upsell-status", order_id: "fuzz-order" },
      { intent: "upsell-decision", decision: "decline" },
      { intent: "upsell", recurring_type: "monthly", variant: "a" },
      { intent: "trigger-upsell" },
      { intent: "review", rating: 5, text: "She traces her name on every page now.", firstName: "Ana" },
    ];
    const profile = [
      { intent: "request-link", email: "someone@example.com" },
      { intent: "sign-in", code: "abc.def" },
      { intent: "sign-out" },
      { intent: "consent", mailing: "on" },
      { intent: "cancel", reason: "price", comment: "too much" },
      { intent: "restore" },
      { intent: "delete", confirm: "yes" },
    ];
    return [
      { path: "/onboarding/", kind: "json", samples: quiz },
      { path: "/ar/quiz1/", kind: "json", samples: quiz },
      { path: `/purchase/?token=${token}`, kind: "json", samples: purchase },
      { path: `/de/offer1/?token=${token}&order_id=fuzz-order`, kind: "json", samples: purchase },
      { path: `/printables/?token=${token}`, kind: "json", samples: printables },
      {
        path: "/actions/confirm-email",
        kind: "json",
        samples: [{ token, email: `${token}@example.com`, isForbiddenToMailing: false, time_zone: "Europe/Berlin" }],
      },
      { path: "/profile/", kind: "form", samples: profile },
      { path: "/fr/profile/subscription/", kind: "form", samples: profile },
      { path: "/profile/cancel-subscription/", kind: "form", samples: profile },
      { path: "/contact/", kind: "form", samples: [{ name: "Ana", email: "ana@example.com", message: "Hello" }] },
      { path: "/terms/do-not-sell/", kind: "form", samples: [{ intent: "opt-out" }] },
      { path: "/admin/sign-in/", kind: "form", samples: [{ email: "op@example.com", password: "not the password" }] },
      // Without a session: the console's changes are refused before they read anything.
      { path: "/admin/experiments/", kind: "form", samples: [{ intent: "stop", split: "intro-offer" }] },
      { path: "/admin/offer/", kind: "form", samples: [{ intent: "plan", id: "1", amount: "100" }] },
      { path: "/admin/customers/1/", kind: "form", samples: [{ intent: "refund", orderId: "x" }] },
      {
        path: "/admin/reviews/",
        kind: "form",
        samples: [{ intent: "approve", reviewId: "x", seen: "2026-11-20T10:00:00.000Z" }],
      },
    ];
  }

  /** A page's action address as a document post (`/x/`) or as a fetcher's data request (`/x/_.data`). */
  function actionUrl(path: string, dataRequest: boolean): string {
    if (!dataRequest) return path;
    const [pathname = "", search] = path.split("?");
    const data = pathname.endsWith("/") ? `${pathname}_.data` : `${pathname}.data`;
    return search ? `${data}?${search}` : data;
  }

  /** The route a request counts under: its path without the query or a fetcher's `.data`. */
  const routeOf = (method: string, path: string) => `${method} ${(path.split("?")[0] ?? "").replace(/_?\.data$/, "")}`;

  /** One field of one sample replaced by hostile text or a value of another type, encoded one way or another. */
  function caseArbitrary(samples: readonly Record<string, unknown>[], reads: BodyKind) {
    return fc
      .record({
        sample: fc.constantFrom(...samples),
        field: fc.nat(),
        value: fc.oneof(
          fc.constantFrom(...hostileText, ...wrongTypes, ...oddIds),
          fc.string({ unit: "binary", maxLength: 80 }),
        ),
        dataRequest: fc.boolean(),
        encoding: encodingFor(reads),
        cuts: fc.array(fc.nat({ max: 2_000 }), { maxLength: 6 }),
        extraKey: fc.constantFrom(undefined, "__proto__", "constructor", "\u202Ekey", "a".repeat(2_000)),
      })
      .map(({ sample, field, value, dataRequest, encoding, cuts, extraKey }) => {
        const names = Object.keys(sample);
        const name = names[field % names.length] ?? "intent";
        const fields: Record<string, unknown> = { ...sample, [name]: value };
        if (extraKey) Object.defineProperty(fields, extraKey, { value: { polluted: true }, enumerable: true });
        return {
          fields,
          dataRequest,
          encoding,
          cuts,
          what: `${name} = ${JSON.stringify(value)?.slice(0, 40)} as ${encoding}${extraKey ? ` + ${extraKey.slice(0, 12)}` : ""}`,
        };
      });
  }

  it("never answers 5xx to hostile fields in any page action, however the body is sent", async () => {
    failures = [];
    const list = actions();
    for (const action of list) {
      await fc.assert(
        fc.asyncProperty(caseArbitrary(action.samples, action.kind), async (fuzzCase) => {
          generated += 1;
          const url = actionUrl(action.path, fuzzCase.dataRequest);
          await send(
            { method: "POST", url, ...encodedBody(fuzzCase.encoding, fuzzCase.fields, fuzzCase.cuts) },
            `POST ${url} ${fuzzCase.what}`,
            routeOf("POST", action.path),
          );
        }),
        { seed, numRuns: runsEach(requests * share.actions, list.length) },
      );
    }
    expectNoFailures();
  }, 600_000);

  it("never answers 5xx to wrong bodies, content types and methods on page actions", async () => {
    failures = [];
    const bodies: [string | undefined, string][] = [
      ["application/json", "{}"],
      ["application/json", '{"intent":'],
      ["application/json", ""],
      ["application/json", deepJson],
      ["application/json", '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'],
      ["application/json", JSON.stringify({ intent: "check-email", email: "a\u0000b@example.com" })],
      ["application/json", JSON.stringify({ intent: "check-email", email: "a\uD800b@example.com" })],
      ["application/json", "null"],
      ["application/json", "[]"],
      ["application/json", '"intent"'],
      ["text/plain", JSON.stringify({ intent: "check-email", email: "a\u0000b@example.com" })],
      ["text/plain;charset=UTF-8", JSON.stringify({ intent: "submit", search: "", lead: { kid: { name: "\uDFFF" } } })],
      [undefined, "intent=sign-out"],
      ["application/x-www-form-urlencoded", "intent=request-link&email=%00%ED%A0%80"],
      ["application/x-www-form-urlencoded", "%=%&&==&%ff"],
      ["application/x-www-form-urlencoded", '{"intent":"sign-out"}'],
      [
        "multipart/form-data; boundary=x",
        '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsign-out\r\n--x--\r\n',
      ],
      ["multipart/form-data; boundary=x", "--x\r\nbroken"],
      ["multipart/form-data", "no boundary"],
      ["application/xml", "<a/>"],
      ["application/json; charset=utf-16", "{}"],
      ["application/json", JSON.stringify({ padding: "x".repeat(300 * 1024) })],
      ["application/x-www-form-urlencoded", `message=${"x".repeat(2 * 1024 * 1024)}`],
    ];
    for (const action of actions()) {
      for (const dataRequest of [false, true]) {
        const url = actionUrl(action.path, dataRequest);
        const route = routeOf("POST", action.path);
        for (const [contentType, payload] of bodies) {
          await send(
            { method: "POST", url, headers: contentType ? { "content-type": contentType } : {}, payload },
            `POST ${url} (${contentType}) ${payload.slice(0, 40)}`,
            route,
          );
        }
        for (const method of oddMethods) {
          await send(
            { method: method as "GET", url, headers: { "content-type": "application/json" }, payload: "{}" },
            `${method} ${url}`,
            route,
          );
        }
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expectNoFailures();
  }, 600_000);

  /** A value a console query may be given: odd days and ids, hostile text, other types as text. */
  const queryValue = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...oddDays) },
    { weight: 2, arbitrary: fc.constantFrom(...oddIds) },
    { weight: 2, arbitrary: fc.constantFrom(...hostileText) },
    { weight: 1, arbitrary: fc.constantFrom("[]", "{}", "null", "1e308", "-1", "0", "NaN", "true", "all", "key") },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  );

  /** A console address's path parameter: the real parent, a random id, an odd one, or raw bytes. */
  const pathId = () =>
    fc.oneof(
      { weight: 1, arbitrary: fc.constantFrom(customerId, customerId.toUpperCase()) },
      { weight: 1, arbitrary: fc.uuid() },
      { weight: 3, arbitrary: fc.constantFrom(...oddIds).map((id) => encodeURIComponent(id.toWellFormed())) },
      { weight: 2, arbitrary: fc.constantFrom(...rawSegments) },
    );

  it("never answers 5xx to a signed-in operator's console pages and exports, whatever the query", async () => {
    failures = [];
    const reads = [
      ...Object.entries(consoleReads).map(([path, names]) => ({ path, names, route: `GET ${path}` })),
      ...exportReports.map((report) => ({
        path: `/admin/export/${report}`,
        names: exportQuery,
        route: "GET /admin/export/:report",
      })),
    ];
    for (const read of reads) {
      const names = read.names.length > 0 ? read.names : ["x"];
      const query = fc.array(fc.tuple(fc.constantFrom(...names, "lang", "__proto__"), queryValue), { maxLength: 4 });
      const raw = fc.constantFrom("", "&%FF=%FE", "&from=%ED%A0%80", "&to=%00", "&%=%", "&from[]=1", "&to=1&to=2");
      await fc.assert(
        fc.asyncProperty(pathId(), query, raw, async (id, entries, rawQuery) => {
          generated += 1;
          const search = `${new URLSearchParams(entries.map(([name, value]) => [name, value.toWellFormed()]))}${rawQuery}`;
          const url = `${read.path.replace(":userId", id)}${search ? `?${search}` : ""}`;
          await send(
            { method: "GET", url, headers: { cookie: operator.cookie } },
            `GET ${url.slice(0, 120)}`,
            read.route,
          );
        }),
        { seed, numRuns: runsEach(requests * share.consoleReads, reads.length) },
      );
    }
    expectNoFailures();
  }, 600_000);

  it("never answers 5xx to a signed-in operator's console changes, with odd ids in the path and the fields", async () => {
    failures = [];
    const seen = "2026-11-20T10:00:00.000Z";
    const changes: { path: string; samples: Record<string, unknown>[] }[] = [
      {
        path: "/admin/customers/:userId/",
        samples: [
          { intent: "refund", orderId: "fuzz-order", cancelSubscription: "on" },
          { intent: "cancel", reason: "price", comment: "too much" },
          { intent: "access", granted: "true" },
          { intent: "link" },
        ],
      },
      {
        path: "/admin/reviews/",
        samples: [
          { intent: "approve", reviewId: "ffffffff-ffff-4fff-bfff-ffffffffffff", seen },
          { intent: "reject", reviewId: customerId, seen },
        ],
      },
      {
        path: "/admin/experiments/",
        samples: [
          { intent: "weights", split: "intro-offer", "weight.A": "50", "weight.B": "50" },
          { intent: "control", split: "intro-offer", control: "A" },
          { intent: "stop", split: "intro-offer" },
          { intent: "start", split: "intro-offer" },
        ],
      },
      {
        path: "/admin/offer/",
        samples: [
          { intent: "price", id: planId, amount: "999", oldAmount: "", renewalAmount: "1999" },
          { intent: "settings", upsellDisplayMode: "popup", offerTimerSeconds: "600" },
        ],
      },
      { path: "/admin/revenue/", samples: [{ intent: "rates", base: "EUR", date: "2026-01-01", rate_USD: "1.08" }] },
    ];
    for (const change of changes) {
      // The session's token goes with every change, so the change itself is what is fuzzed.
      const samples = change.samples.map((sample) => ({ ...sample, csrf: operator.csrf }));
      await fc.assert(
        fc.asyncProperty(pathId(), caseArbitrary(samples, "form"), async (id, fuzzCase) => {
          generated += 1;
          const url = actionUrl(change.path.replace(":userId", id), fuzzCase.dataRequest);
          const body = encodedBody(fuzzCase.encoding, fuzzCase.fields, fuzzCase.cuts);
          await send(
            { method: "POST", url, payload: body.payload, headers: { ...body.headers, cookie: operator.cookie } },
            `POST ${url.slice(0, 80)} ${fuzzCase.what}`,
            `POST ${change.path}`,
          );
        }),
        { seed, numRuns: runsEach(requests * share.consoleChanges, changes.length) },
      );
    }
    // The operator is still signed in: nothing fuzzed ended the session.
    expect((await asOperator({ url: "/admin/forwarding/" })).statusCode).toBe(200);
    expectNoFailures();
  }, 600_000);

  it("never answers 5xx to paths with doubled, encoded or backslashed slashes and dots, and never leaves the site", async () => {
    failures = [];
    const paths = [
      "/",
      "/onboarding/",
      "/de/purchase/",
      `/printables/?token=${token}`,
      "/profile/",
      "/terms/privacy-policy/",
      "/contact/",
      "/actions/confirm-email",
      "/admin/",
      "/admin/revenue/?from=2026-01-01",
      `/admin/customers/${customerId}/`,
      "/admin/export/audit.csv",
      "/api/v1/health",
      `/api/v1/profile/${token}`,
      "/api/docs",
      "/gateway-simulator/pay/00000000000000000000000000000000",
      "/gateway-simulator/api/v1/status",
      "/printables/files/picture/none.svg",
      "/favicon.ico",
    ];
    const cases = fc.record({
      path: fc.constantFrom(...paths),
      reshape: reshapedPath,
      method: fc.constantFrom("GET", "HEAD", "POST", "OPTIONS"),
      signedIn: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(cases, async ({ path, reshape, method, signedIn }) => {
        generated += 1;
        const [pathname = "", search] = path.split("?");
        const sent = `${reshape(pathname)}${search ? `?${search}` : ""}`;
        const headers: Record<string, string> = { "x-api-key": productTestApiKey };
        if (signedIn) headers.cookie = operator.cookie;
        if (method === "POST") headers["content-type"] = "application/x-www-form-urlencoded";
        const answer = await rawRequest(product.origin, {
          method,
          path: sent,
          headers,
          ...(method === "POST" && { body: `intent=link&csrf=${operator.csrf}` }),
        }).catch((error: unknown) => ({ statusCode: 0, location: undefined, body: String(error) }));
        if (answer.statusCode === 0) failures.push(`${method} ${sent}: no answer (${answer.body})`);
        record(`${method} ${pathname} (reshaped)`, `${method} ${sent}`, answer);
      }),
      { seed, numRuns: Math.ceil(requests * share.paths) },
    );
    expectNoFailures();
  }, 600_000);

  it("never answers 5xx on the gateway simulator's pages and API, whatever the fields", async () => {
    failures = [];
    const { publicKey, secretKey } = product.config.payments;
    const simulatorApi = "/gateway-simulator/api/v1";
    const signed = (text: string) => ({
      "content-type": "application/json",
      merchant: publicKey,
      signature: signBody(publicKey, secretKey, text),
    });
    const order = (id: string) => ({
      order_id: id,
      amount: 999,
      currency: "USD",
      order_description: "Kit",
      customer_email: "parent@example.com",
      language: "fr",
      success_url: `${product.origin}/purchase/`,
      fail_url: `${product.origin}/purchase/`,
    });
    const init = JSON.stringify({ order: order(`fuzz-page-${Date.now()}`) });
    const page = await send(
      { method: "POST", url: `${simulatorApi}/init`, headers: signed(init), payload: init },
      "init",
      `POST ${simulatorApi}/init`,
    );
    const guid = (page.json() as { guid: string }).guid;
    const card = { method: "card", number: "4000000000002065", expiry: "12/40", cvv: "123" };
    const endpoints: { path: string; samples: Record<string, unknown>[] }[] = [
      { path: "/init", samples: [{ order: order("fuzz-init") }, order("fuzz-flat")] },
      { path: "/recurring", samples: [{ ...order("fuzz-recurring"), recurring_token: "sim_tok_none" }] },
      { path: "/status", samples: [{ order_id: "fuzz-status" }] },
      { path: "/refund", samples: [{ order_id: "fuzz-refund", amount: 100, refund_reason_code: "0021" }] },
    ];
    const api = fc.constantFrom(...endpoints).chain((endpoint) =>
      fc.record({
        endpoint: fc.constant(endpoint),
        fuzzCase: caseArbitrary(endpoint.samples, "json"),
        whole: fc.option(fc.constantFrom("null", "[]", "12", '"text"', deepJson, "{", ""), { freq: 5 }),
        key: fc.constantFrom("signed", "signed", "signed", "unsigned"),
      }),
    );
    const pages = fc.record({
      address: fc.oneof(
        { weight: 4, arbitrary: fc.constant(guid) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(...rawSegments, ...oddIds.map((id) => encodeURIComponent(id.toWellFormed()))),
        },
      ),
      method: fc.constantFrom("GET", "POST", "POST", "POST"),
      fuzzCase: caseArbitrary([card, { method: "paypal" }], "form"),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          api.map((one) => ({ api: one })),
          pages.map((one) => ({ page: one })),
        ),
        async (choice) => {
          generated += 1;
          if ("api" in choice) {
            const { endpoint, fuzzCase, whole, key } = choice.api;
            const text = whole ?? JSON.stringify(fuzzCase.fields);
            const headers = key === "signed" ? signed(text) : { "content-type": "application/json" };
            // The signature covers the bytes, however they are framed.
            const body = fuzzCase.encoding.startsWith("chunked")
              ? chunkedPayload(text, fuzzCase.cuts)
              : { payload: text, headers: {} };
            await send(
              {
                method: "POST",
                url: `${simulatorApi}${endpoint.path}`,
                headers: { ...headers, ...body.headers },
                payload: body.payload,
              },
              `POST ${endpoint.path} (${key}) ${fuzzCase.what}`,
              `POST ${simulatorApi}${endpoint.path}`,
            );
            return;
          }
          const { address, method, fuzzCase } = choice.page;
          const url = `/gateway-simulator/pay/${address}`;
          const body = method === "POST" ? encodedBody(fuzzCase.encoding, fuzzCase.fields, fuzzCase.cuts) : {};
          await send(
            { method: method as "GET", url, ...body },
            `${method} ${url.slice(0, 80)} ${fuzzCase.what}`,
            `${method} /gateway-simulator/pay/:guid`,
          );
        },
      ),
      { seed, numRuns: Math.ceil(requests * share.simulator) },
    );
    expectNoFailures();
  }, 600_000);

  it("never answers 5xx to odd methods, wrong bodies and hostile text on any API route", async () => {
    failures = [];
    const apiRoutes = await collectApiRoutes();
    const headers = { "x-api-key": productTestApiKey };
    const bodies: [string | undefined, string][] = [
      ["text/plain", JSON.stringify({ user_token: token, email: "a\u0000b@example.com", product: "kinderready" })],
      ["text/plain", '{"email":"a\\u0000b@example.com"}'],
      ["application/json", JSON.stringify({ user_token: token, email: "a\uD800@example.com", product: "kinderready" })],
      ["application/json", deepJson],
      ["application/json", '{"__proto__":{"polluted":true}}'],
      ["application/json", JSON.stringify({ user_token: 12, email: ["a"], product: null, locale: {} })],
      ["application/x-www-form-urlencoded", "a=1"],
      ["application/x-www-form-urlencoded", `user_token=${token}&product=kinderready`],
      [undefined, "{}"],
      ["application/json", JSON.stringify({ padding: "x".repeat(300 * 1024) })],
    ];
    for (const route of apiRoutes) {
      for (const text of ["", ...hostileText.slice(0, 24)]) {
        const url = route.url.replace(/:(\w+)/g, () =>
          encodeURIComponent((text || token).toWellFormed()).slice(0, 200),
        );
        for (const method of [...oddMethods, "GET", "POST"]) {
          await send({ method: method as "GET", url, headers }, `${method} ${url.slice(0, 60)}`, route.name);
        }
        if (text) continue;
        for (const [contentType, payload] of bodies) {
          await send(
            {
              method: route.method as "POST",
              url,
              headers: { ...headers, ...(contentType && { "content-type": contentType }) },
              payload,
            },
            `${route.name} (${contentType}) ${payload.slice(0, 40)}`,
            route.name,
          );
        }
        // The same body in chunks, without a length.
        const chunked = encodedBody("chunked-json", { user_token: token, product: "kinderready", email: 12 });
        await send(
          {
            method: route.method as "POST",
            url,
            payload: chunked.payload,
            headers: { ...headers, ...chunked.headers },
          },
          `${route.name} in chunks`,
          route.name,
        );
      }
    }
    for (const url of ["/", "/assets/none.js", "/__manifest", "/api/docs", "/printables/files/x.pdf", "/favicon.ico"]) {
      for (const method of oddMethods) await send({ method: method as "GET", url }, `${method} ${url}`, `* ${url}`);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expectNoFailures();
  }, 600_000);

  it("still answers at the end, with its heap back near where it started", async () => {
    const health = await product.app.inject({ url: "/api/v1/health" });
    expect(health.statusCode).toBe(200);
    const { before, peak, after } = heap.stop();
    process.stdout.write(
      `product fuzz on ${target.name}: heap ${megabytes(before)} before, ${megabytes(peak)} at most, ${megabytes(after)} after\n`,
    );
    // What the requests left behind is collected: a cache or list that grew with them would stay.
    // (The peak is printed, not judged: between collections it is V8's choice, not the server's.)
    expect(after - before).toBeLessThan(64 * 1_048_576);
  });
});
