import { createLogger } from "@kinderready/config/logger";
import type { DbHandle } from "@kinderready/db/open-db";
import { orders, pricePlans } from "@kinderready/db/schema";
import { startJobs } from "@kinderready/db/start-jobs";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { createEmailQueues } from "@kinderready/domain/email/email-queue.server";
import { createPaymentQueues } from "@kinderready/domain/payments/payment-jobs.server";
import { signBody } from "@kinderready/domain/payments/solidgate-protocol";
import { seedPriceCatalogue } from "@kinderready/domain/pricing/price-config.server";
import { insertTestParent } from "@kinderready/domain/test/test-data.server";
import { startLoopbackGateway } from "@kinderready/gateway-simulator/loopback-gateway";
import { kit } from "@kinderready/kit/catalogue";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildFuzzApi,
  changedTables,
  collectApiRoutes,
  databaseFingerprint,
  type FuzzedRoute,
  type RoutePart,
  validationOrder,
} from "../test/api-fuzz-harness.ts";
import { chunkedPayload, type FuzzHints, mutatedValue, nastyString, validValue } from "../test/fuzz-arbitraries.ts";
import { fuzzRequests, runsEach } from "../test/fuzz-budget.ts";
import { payFirstPayment, testApiKey, testServices, testWebhookKeys } from "../test/test-api.ts";
import { apiServerOptions } from "./server-options.ts";
import { fieldWithUnstorableText } from "./text-guard.ts";

// Property-based fuzzing of every /api/v1 route from its own zod schemas: valid and near-valid
// input, with and without the API key, bodies framed with their length or in chunks, paths with
// doubled, encoded or dotted slashes. Whatever arrives, the API answers below 500, every error is
// `{ message, statusCode }`, a 400 names the field, and a refused request leaves no row behind.
// FUZZ_REQUESTS sets how many generated requests it makes (fuzz-budget.ts).

/** Every route, as Fastify lists them while the API plugin adds them: a new route is fuzzed by itself. */
const registered = await collectApiRoutes();

/** Routes that declare no input schema, and why. They are still fuzzed, with arbitrary input. */
const withoutSchema: Record<string, string> = {
  "GET /api/v1/health": "takes no input",
  "GET /api/v1/remote-config/splits": "takes no input",
  "POST /api/v1/solid/webhook":
    "its body is the gateway's signed text, kept raw because the signature covers its bytes; fuzzed as signed and unsigned text",
};

// Fixed, so a failure reproduces; fast-check prints the seed and the path of the failing case.
const seed = 20_261_122;
/** Generated requests in all: 40 a route unless FUZZ_REQUESTS says otherwise. */
const requests = fuzzRequests(registered.length * 40);
const runsPerRoute = runsEach(requests, registered.length);
/** Chunked bodies, on top: a tenth as many, shared by the routes that take a body. */
const chunkedRuns = runsEach(requests / 10, registered.length);

type Key = "correct" | "missing" | "wrong";
type FuzzCase = {
  what: string;
  key: Key;
  params: Record<string, string>;
  query: [string, string][];
  /** Appended to the query verbatim: bytes no encoder would write (invalid UTF-8, stray %). */
  rawQuery: string;
  /** A raw path segment replacing a parameter, verbatim. */
  rawParam: string | undefined;
  body: { text: string; headers?: Record<string, string> } | undefined;
};

const wrongKeys = ["", "wrong", testApiKey.slice(1), `${testApiKey} `, testApiKey.toUpperCase()];
// No "..": the URL is resolved before routing and leaves /api/v1, where the pages answer, not the API.
const rawSegments = [
  "%FF",
  "%ED%A0%80",
  "%00",
  "%",
  "%zz",
  ".",
  "%2e%2e",
  "a%2Fb",
  "%2F",
  "%2f%2f",
  "%5C",
  "%2e",
  "..%2F..%2F",
  "%C0%AF",
  "%F0%9F%98",
];
const rawQueries = ["&%FF=%FE", "&token=%ED%A0%80", "&%=%", "&a[b][c]=1", "&&&==&", "&product=%00", "&limit=1e400"];

/** Percent-encodes text as a browser would (lone surrogates become U+FFFD first, as UTF-8 cannot carry them). */
const encode = (text: string) => encodeURIComponent(text.toWellFormed());

/** A generated value as the text a URL carries. */
function asText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined) return "";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

function queryEntries(value: unknown): [string, string][] {
  if (!value || typeof value !== "object" || Array.isArray(value)) return [["value", asText(value)]];
  return Object.entries(value).flatMap(([name, field]) =>
    Array.isArray(field) ? field.map((item): [string, string] => [name, asText(item)]) : [[name, asText(field)]],
  );
}

function paramValues(names: string[], value: unknown): Record<string, string> {
  const record = value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  return Object.fromEntries(names.map((name) => [name, asText(record[name])]));
}

/** The cases for one route: valid input, and input with one part near-valid. */
function caseArbitrary(route: FuzzedRoute, hints: FuzzHints): fc.Arbitrary<FuzzCase> {
  const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
  const { params, querystring, body } = route.parts;
  const key = fc.oneof(
    { weight: 8, arbitrary: fc.constant<Key>("correct") },
    { weight: 1, arbitrary: fc.constantFrom<Key>("missing", "wrong") },
  );
  const validParams: fc.Arbitrary<Record<string, string>> = params
    ? validValue(params.json, hints).map((value) => paramValues(names, value))
    : fc.constant({});
  const validQuery: fc.Arbitrary<[string, string][]> = querystring
    ? validValue(querystring.json, hints).map(queryEntries)
    : fc.constant([]);
  const bodyText = (value: unknown) => ({ text: JSON.stringify(value) ?? "null" });
  const sendsBody = route.method === "POST" || route.method === "PUT";
  const validBody = body
    ? validValue(body.json, hints).map(bodyText)
    : sendsBody
      ? arbitraryBody(route)
      : fc.constant(undefined);
  const base: fc.Arbitrary<Omit<FuzzCase, "what">> = fc.record({
    key,
    params: validParams,
    query: validQuery,
    rawQuery: fc.constant(""),
    rawParam: fc.constant<string | undefined>(undefined),
    body: validBody,
  });
  const variants: fc.WeightedArbitrary<FuzzCase>[] = [
    { weight: 3, arbitrary: base.map((fields) => ({ ...fields, what: "valid" })) },
  ];
  if (params) {
    variants.push({
      weight: 2,
      arbitrary: fc.tuple(base, mutatedValue(params.json, hints)).map(([fields, mutated]) => ({
        ...fields,
        params: paramValues(names, mutated.value),
        what: `params ${mutated.mutation.kind} at ${mutated.mutation.path.join(".")}`,
      })),
    });
    variants.push({
      weight: 1,
      arbitrary: fc
        .tuple(base, fc.constantFrom(...rawSegments))
        .map(([fields, rawParam]) => ({ ...fields, rawParam, what: `raw path segment ${rawParam}` })),
    });
  }
  if (querystring) {
    variants.push({
      weight: 2,
      arbitrary: fc.tuple(base, mutatedValue(querystring.json, hints)).map(([fields, mutated]) => ({
        ...fields,
        query: queryEntries(mutated.value),
        what: `querystring ${mutated.mutation.kind} at ${mutated.mutation.path.join(".")}`,
      })),
    });
  }
  variants.push({
    weight: 1,
    arbitrary: fc
      .tuple(base, fc.constantFrom(...rawQueries))
      .map(([fields, rawQuery]) => ({ ...fields, rawQuery, what: `raw query ${rawQuery}` })),
  });
  if (body) {
    variants.push({
      weight: 4,
      arbitrary: fc.tuple(base, mutatedValue(body.json, hints)).map(([fields, mutated]) => ({
        ...fields,
        body: bodyText(mutated.value),
        what: `body ${mutated.mutation.kind} at ${mutated.mutation.path.join(".") || "(root)"}`,
      })),
    });
  }
  return fc.oneof(...variants);
}

/** A body for a route that reads it raw (the webhook): any text, signed or not. */
function arbitraryBody(route: FuzzedRoute): fc.Arbitrary<FuzzCase["body"]> {
  const text = fc.oneof(fc.json(), nastyString(400), fc.constantFrom("", "{}", '{"order":{"order_id":"x"}}'));
  if (route.name !== "POST /api/v1/solid/webhook") return text.map((body) => ({ text: body }));
  const { publicKey, secretKey } = testWebhookKeys;
  return fc
    .tuple(text, fc.boolean(), fc.string({ maxLength: 40 }))
    .map(([body, signed, eventId]): FuzzCase["body"] => ({
      text: body,
      headers: signed
        ? { merchant: publicKey, signature: signBody(publicKey, secretKey, body), "solidgate-event-id": eventId }
        : { merchant: publicKey, signature: "bm90IGEgc2lnbmF0dXJl" },
    }));
}

function urlOf(route: FuzzedRoute, fuzzCase: FuzzCase): string {
  let first = true;
  const path = route.url.replace(/:(\w+)/g, (_match, name: string) => {
    const raw = first && fuzzCase.rawParam !== undefined ? fuzzCase.rawParam : undefined;
    first = false;
    return raw ?? encode(fuzzCase.params[name] ?? "");
  });
  const query = fuzzCase.query.map(([name, value]) => `${encode(name)}=${encode(value)}`).join("&");
  const search = `${query}${fuzzCase.rawQuery}`;
  return search ? `${path}?${search}` : path;
}

/**
 * The first input part the route's own zod schema refuses, in Fastify's order, with the names a
 * 400 may give (`body.email`, `querystring.limit`, `params.token`, or the part itself at the root).
 * Undefined when the schemas accept everything, or when raw bytes make the server's parse unknowable.
 */
function expectedRefusal(route: FuzzedRoute, fuzzCase: FuzzCase): { part: RoutePart; names: string[] } | undefined {
  if (fuzzCase.rawQuery || fuzzCase.rawParam !== undefined) return undefined;
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of fuzzCase.query) {
    const text = value.toWellFormed();
    const before = query[name.toWellFormed()];
    query[name.toWellFormed()] = before === undefined ? text : [before, text].flat();
  }
  const received: Record<RoutePart, unknown> = {
    params: Object.fromEntries(Object.entries(fuzzCase.params).map(([name, value]) => [name, value.toWellFormed()])),
    querystring: query,
    // Only a route with a body schema parses JSON; the webhook keeps its text raw.
    body: route.parts.body && fuzzCase.body ? JSON.parse(fuzzCase.body.text) : undefined,
  };
  // The API refuses text PostgreSQL cannot store in any part before the schemas run (text-guard.ts).
  for (const part of validationOrder) {
    const field = fieldWithUnstorableText(received[part], part);
    if (field) return { part, names: [field] };
  }
  for (const part of validationOrder) {
    const schema = route.parts[part]?.zod;
    const result = schema?.safeParse(received[part]);
    if (result && !result.success) {
      return { part, names: result.error.issues.map((issue) => [part, ...issue.path.map(String)].join(".")) };
    }
  }
  return undefined;
}

/**
 * The case as a request: the body with its length, or, given `cuts`, in chunks cut at those
 * byte offsets (inside a character too), with `Transfer-Encoding: chunked` and no length.
 */
async function send(
  app: FastifyInstance,
  route: FuzzedRoute,
  fuzzCase: FuzzCase,
  cuts?: number[],
): Promise<LightMyRequestResponse> {
  // As a browser on our pages: the device cookie the analytics routes store events under.
  const headers: Record<string, string> = { cookie: "kr_device=fuzz-device-000000000001", ...fuzzCase.body?.headers };
  if (fuzzCase.key === "correct") headers["x-api-key"] = testApiKey;
  if (fuzzCase.key === "wrong") headers["x-api-key"] = wrongKeys[fuzzCase.query.length % wrongKeys.length] ?? "";
  if (fuzzCase.body) headers["content-type"] = "application/json";
  const body =
    fuzzCase.body && (cuts ? chunkedPayload(fuzzCase.body.text, cuts) : { payload: fuzzCase.body.text, headers: {} });
  return app.inject({
    method: route.method as "GET",
    url: urlOf(route, fuzzCase),
    ...body,
    headers: { ...headers, ...body?.headers },
  });
}

/** What every error answer must be: JSON `{ message, statusCode }` with the answer's status. */
function expectErrorBody(response: LightMyRequestResponse) {
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  const body = response.json() as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(["message", "statusCode"]);
  expect(body.statusCode).toBe(response.statusCode);
  expect(typeof body.message).toBe("string");
  expect(body.message).not.toBe("");
  return body as { message: string; statusCode: number };
}

describe.each(testDatabases())("API fuzzing on $name", (target) => {
  let database: DbHandle;
  let jobs: PgBoss;
  let app: FastifyInstance;
  let faults: unknown[];
  let loopback: Awaited<ReturnType<typeof startLoopbackGateway>>;
  let amounts: number[];

  beforeAll(async () => {
    database = await openTestDatabase(target);
    await seedPriceCatalogue({ db: database.db });
    // A web process's queue: requests enqueue, and no worker writes behind the fuzzer's back.
    jobs = await startJobs(database, { runsJobs: false, log: createLogger({ level: "warn" }) });
    await createEmailQueues(jobs);
    await createPaymentQueues(jobs);
    // A gateway that answers, so a payment that fails is the product's fault, not a closed port's.
    loopback = await startLoopbackGateway({ database, now: () => new Date() });
    const built = await buildFuzzApi(database, testServices(database.db, jobs, loopback.gateway));
    app = built.app;
    faults = built.faults;
    expect(built.routes.map((route) => route.name)).toEqual(registered.map((route) => route.name));
    amounts = [
      ...new Set((await database.db.select({ amount: pricePlans.amount }).from(pricePlans)).map((p) => p.amount)),
    ];
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await loopback?.close();
    await jobs?.stop({ graceful: false, timeout: 1_000 });
    await database?.close();
  });

  /** Two parents for each route: one who only took the quiz, one who paid. */
  async function freshHints(): Promise<FuzzHints> {
    const lead = await insertTestParent(database.db);
    const buyer = await insertTestParent(database.db);
    expect(await payFirstPayment(app, buyer.token)).toBe("approved");
    const orderIds = (await database.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, buyer.id))).map(
      (order) => order.id,
    );
    const tokens = fc.constantFrom(lead.token, buyer.token);
    return {
      user_token: tokens,
      token: tokens,
      email: fc.oneof(fc.constantFrom(lead.email ?? "", buyer.email ?? ""), fc.emailAddress()),
      order_id: fc.constantFrom(...orderIds),
      item_id: fc.constantFrom(...kit.levels.flatMap((level) => level.items.slice(0, 2).map((item) => item.id))),
      split: fc.constantFrom("intro-offer", "no-such-split"),
      currency: fc.constantFrom("USD", "EUR", "GBP", "usd", "JPY"),
      amount: fc.constantFrom(...amounts),
      country_code: fc.constantFrom("us", "US", "de", "gb", "fr", "br"),
      countryCode: fc.constantFrom("us", "US", "de", "gb", "fr", "br"),
      return_url: fc.constantFrom("https://kit.example/purchase/", "http://127.0.0.1:1/x"),
    };
  }

  it("finds a schema to fuzz from on every route, or a reason it has none", () => {
    expect(registered.length).toBeGreaterThan(20);
    const missing = registered
      .filter((route) => Object.keys(route.parts).length === 0 && !withoutSchema[route.name])
      .map((route) => route.name);
    expect(missing, "routes with no zod schema for body, querystring or params: add one").toEqual([]);
    const stale = Object.keys(withoutSchema).filter((name) => !registered.some((route) => route.name === name));
    expect(stale, "listed without a schema but not registered").toEqual([]);
    const hasParams = registered.filter((route) => route.url.includes(":") && !route.parts.params);
    expect(
      hasParams.map((route) => route.name),
      "path parameters without a params schema",
    ).toEqual([]);
  });

  const bodyRoutes = registered.filter((route) => route.method === "POST" || route.method === "PUT");
  const anyParams = (route: FuzzedRoute) => route.url.replace(/:(\w+)/g, "solid");

  /** One request that must be refused: a status from `allowed`, the error shape, and no table changed. */
  async function expectRefused(request: InjectOptions, allowed: number[]) {
    const before = await databaseFingerprint(database.db);
    const response = await app.inject(request);
    const what = `${request.method} ${String(request.url).slice(0, 60)} (${JSON.stringify(request.headers).slice(0, 120)})`;
    expect(allowed, `${what}: ${response.statusCode} ${response.body.slice(0, 200)}`).toContain(response.statusCode);
    expectErrorBody(response);
    expect(changedTables(before, await databaseFingerprint(database.db)), what).toEqual([]);
  }

  it("answers every body over the server's limit with 413, and stores nothing", async () => {
    const oversized = JSON.stringify({ padding: "x".repeat(apiServerOptions.bodyLimit) });
    for (const route of bodyRoutes) {
      const request = { method: route.method as "POST", url: anyParams(route), payload: oversized };
      await expectRefused(
        { ...request, headers: { "x-api-key": testApiKey, "content-type": "application/json" } },
        [413],
      );
      // Without the key the route refuses before reading the body at all.
      await expectRefused(
        { ...request, headers: { "content-type": "application/json" } },
        route.public ? [413] : [401],
      );
    }
  }, 60_000);

  it("refuses wrong content types and malformed JSON with 4xx, and stores nothing", async () => {
    const badBodies: [string | undefined, string][] = [
      ["text/plain", '{"a":1}'],
      // JSON sent as text stays text here: never parsed, so its escapes cannot reach a column.
      ["text/plain", '{"email":"a\\u0000b@example.com","name":"\\ud800"}'],
      ["text/plain", "raw\u0000text"],
      ["application/x-www-form-urlencoded", "user_token=abc&product=kinderready"],
      ["multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n'],
      ["application/xml", "<a/>"],
      [undefined, '{"a":1}'],
      ["application/json", '{"a":'],
      ["application/json", ""],
      ["application/json", "\uFEFF{}"],
      ["application/json; charset=utf-16", "{}"],
      ["application/json", '{"__proto__":{"polluted":true}}'],
      ["application/json", '{"constructor":{"prototype":{"polluted":true}}}'],
      ["application/json", `${"[".repeat(50_000)}${"]".repeat(50_000)}`],
    ];
    for (const route of bodyRoutes) {
      // The webhook reads any JSON text raw and answers an unsigned one 401.
      const allowed = route.public && route.url.endsWith("/webhook") ? [400, 401, 415] : [400, 415];
      for (const [contentType, payload] of badBodies) {
        const headers: Record<string, string> = { "x-api-key": testApiKey };
        if (contentType) headers["content-type"] = contentType;
        await expectRefused({ method: route.method as "POST", url: anyParams(route), headers, payload }, allowed);
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 60_000);

  it("answers 100 KB query strings and paths below 500, and 4xx over a real socket", async () => {
    const long = "q".repeat(100_000);
    const headers = { "x-api-key": testApiKey };
    for (const route of registered) {
      for (const url of [`${anyParams(route)}?${long}=${long}`, `${anyParams(route)}/${long}`]) {
        const response = await app.inject({ method: route.method as "GET", url, headers });
        expect(response.statusCode, `${route.name} with a 100 KB URL`).toBeLessThan(500);
        if (response.statusCode >= 400) expectErrorBody(response);
      }
    }
    // Node's HTTP parser is the first to see a long request line: it must refuse, not fail.
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    for (const url of [`/api/v1/health?x=${long}`, `/api/v1/profile/${long}`, `/api/v1/${long}`]) {
      const response = await fetch(`${address}${url}`, { headers });
      expect(response.status, url.slice(0, 30)).toBeGreaterThanOrEqual(400);
      expect(response.status, url.slice(0, 30)).toBeLessThan(500);
      await response.arrayBuffer();
    }
  }, 60_000);

  /**
   * Sends one case (in chunks when `cuts` are given) and checks the answer: below 500, the error
   * shape, 401 without the key, a 400 naming the field the schema refuses, and nothing stored.
   */
  async function expectAnswered(route: FuzzedRoute, fuzzCase: FuzzCase, cuts?: number[]) {
    const before = await databaseFingerprint(database.db);
    const faultsBefore = faults.length;
    const response = await send(app, route, fuzzCase, cuts);
    const status = response.statusCode;
    const what = `${fuzzCase.what}${cuts ? ` in chunks cut at ${cuts.join(",")}` : ""}`;
    const reported = faults.slice(faultsBefore).map((fault) => `${fault} (cause: ${(fault as Error).cause})`);
    expect(status, `${what}: ${response.body.slice(0, 300)} ${reported}`).toBeLessThan(500);
    if (status < 400) return;
    const { message } = expectErrorBody(response);
    const authorized = route.public || fuzzCase.key === "correct";
    if (!authorized) expect(status).toBe(401);
    if (status === 400) expect(message).toMatch(/^(body|querystring|params)(\.[^:]*)?: /);
    const refusal = authorized ? expectedRefusal(route, fuzzCase) : undefined;
    if (refusal) {
      // Only a missing route (an empty or over-long path parameter) or a body over the limit comes first.
      const allowed = [400, ...(refusal.part === "params" ? [404] : []), 413];
      expect(allowed, `${what}: ${message}`).toContain(status);
      if (status === 400) {
        const named = refusal.names.some((name) => message.includes(`${name}:`) || message.includes(`${name}.`));
        expect(named, `${what}: "${message}" should name one of ${refusal.names.join(", ")}`).toBe(true);
      }
    }
    const after = await databaseFingerprint(database.db);
    // A refused sign-in link or contact form still counts the attempt, by design (request-throttle.server.ts).
    const changed = changedTables(before, after).filter((table) => status !== 429 || table !== "request_throttle");
    expect(changed, `${what}: answered ${status} "${message}" but changed`).toEqual([]);
  }

  it.each(registered.map((route) => [route.name, route] as const))(
    "%s: never 5xx, errors are { message, statusCode }, a 400 names the field, refusals store nothing",
    async (_name, route) => {
      const hints = await freshHints();
      await fc.assert(
        fc.asyncProperty(caseArbitrary(route, hints), (fuzzCase) => expectAnswered(route, fuzzCase)),
        { seed, numRuns: runsPerRoute, endOnFailure: true },
      );
    },
    60_000,
  );

  it.each(bodyRoutes.map((route) => [route.name, route] as const))(
    "%s: a body in chunks, without its length, passes the same checks as one with it",
    async (_name, route) => {
      const hints = await freshHints();
      const cuts = fc.array(fc.nat({ max: 4_096 }), { maxLength: 8 });
      await fc.assert(
        fc.asyncProperty(caseArbitrary(route, hints), cuts, (fuzzCase, at) =>
          expectAnswered(route, fuzzCase, fuzzCase.body ? at : undefined),
        ),
        { seed, numRuns: chunkedRuns, endOnFailure: true },
      );
    },
    60_000,
  );

  it("answers paths with doubled, encoded or dotted slashes below 500, in the error shape under /api/v1/", async () => {
    const headers = { "x-api-key": testApiKey };
    const reshaped: ((path: string) => string)[] = [
      (path) => path.replace("/api/v1/", "/api/v1//"),
      (path) => path.replace(/\/([^/]*)$/, "//$1"),
      (path) => `${path}//`,
      (path) => path.replace(/^\/api\/v1\/(.*)$/, (_all, rest: string) => `/api/v1/${rest.replaceAll("/", "%2F")}`),
      (path) =>
        path.replace(/^\/api\/v1\/(.*)$/, (_all, rest: string) => `/api/v1/${rest.replaceAll("/", "%2f%2e%2e%2f")}`),
      (path) => path.replace("/api/v1/", "/api/v1/%2e/"),
      (path) => path.replace("/api/v1/", "/api/v1/.%2E/"),
      (path) => path.replace("/api/v1/", "/api/v1/%5C"),
      (path) => `/${path}`,
      (path) => `///${path.slice(1)}`,
    ];
    for (const route of registered) {
      for (const reshape of reshaped) {
        const url = reshape(anyParams(route));
        for (const method of new Set([route.method, "GET", "POST"])) {
          const response = await app.inject({ method: method as "GET", url, headers });
          expect(response.statusCode, `${method} ${url}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
          // Encoded dots are dots to the router: `/api/v1/.%2E/x` is `/api/x`, not the API's.
          const routed = new URL(url.replaceAll(/%2e/gi, "."), "http://api.test").pathname;
          if (response.statusCode >= 400 && routed.startsWith("/api/v1/")) expectErrorBody(response);
        }
      }
    }
  }, 60_000);
});
