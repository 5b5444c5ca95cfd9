import { collectApiRoutes } from "@kinderready/api/test/api-fuzz-harness";
import { unicodeEdgeCases } from "@kinderready/api/test/fuzz-arbitraries";
import { testDatabases } from "@kinderready/db/test/test-databases";
import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productTestApiKey, startTestProduct, type TestProduct } from "../test/product.ts";

// Every page action and every API route, through the whole server as it runs: hostile text in
// each field (long, NUL, lone surrogates, direction overrides, zero-width, script and SQL),
// deeply nested JSON, `__proto__` and `constructor` keys, bodies over the limit, wrong and
// missing content types and odd methods. Nothing may answer 5xx. The counts by status are
// printed at the end.

type BodyKind = "json" | "form";
type Action = { path: string; kind: BodyKind; samples: Record<string, unknown>[] };

const seed = 20_261_125;
const runsPerAction = 60;

const hostileText: string[] = [
  ...unicodeEdgeCases,
  "\u001B[31mred\u0007",
  "Robert'); DROP TABLE users;--",
  "<img src=x onerror=alert(1)>",
  "a".repeat(10_000),
  "é".repeat(3_000),
];
const wrongTypes: unknown[] = [null, 0, -1, 1e308, true, [], {}, [null], { a: 1 }, ""];
const deepJson = `${"[".repeat(50_000)}${"]".repeat(50_000)}`;
const oddMethods = ["TRACE", "PROPFIND", "MKCOL", "LOCK", "SEARCH", "OPTIONS", "CONNECT", "PUT", "PATCH", "DELETE"];

describe.each(testDatabases())("the product fuzzed on $name", (target) => {
  let product: TestProduct;
  let token: string;
  const statuses = new Map<number, number>();
  let failures: string[] = [];

  beforeAll(async () => {
    product = await startTestProduct(target, { OVERLOAD_EVENT_LOOP_DELAY_MS: "0" });
    token = await registerParent();
  }, 120_000);

  afterAll(async () => {
    const counts = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
    const total = [...statuses.values()].reduce((sum, count) => sum + count, 0);
    process.stdout.write(`product fuzz on ${target.name}: ${total} requests; ${counts.join(", ")}\n`);
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

  function validLead(user_token: string, email: string) {
    return {
      kid: { name: "Noa", years: { text: "5 years", value: 5 } },
      email,
      questions: [{ id: "ty", answer: "soon" }],
      isForbiddenToMailing: true,
      user_token,
    };
  }

  function actions(): Action[] {
    const lead = validLead(`fuzz${Date.now()}lead00000000000000`, "lead@example.com");
    const quiz = [
      { intent: "check-email", email: "someone@example.com", user_token: token },
      { intent: "submit", search: "?utm_source=x", lead },
    ];
    const purchase = [
      { intent: "offer-shown" },
      { intent: "checkout" },
      { intent: "order-status", order_id: "fuzz-order" },
    ];
    const printables = [
      { intent: "complete", itemId: "l1-i1", done: true },
      { intent: "upsale-status", order_id: "fuzz-order" },
      { intent: "upsale-decision", decision: "decline" },
      { intent: "upsale", recurringType: "monthly", variant: "a" },
      { intent: "trigger-upsale" },
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

  function encodeBody(kind: BodyKind, fields: Record<string, unknown>): { payload: string; contentType: string } {
    if (kind === "json") return { payload: JSON.stringify(fields), contentType: "application/json" };
    const form = new URLSearchParams();
    for (const [name, value] of Object.entries(fields))
      form.append(name, typeof value === "string" ? value : JSON.stringify(value));
    return { payload: form.toString(), contentType: "application/x-www-form-urlencoded;charset=UTF-8" };
  }

  async function send(request: InjectOptions, what: string) {
    const response = await product.app.inject(request);
    statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    if (response.statusCode >= 500) failures.push(`${what}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    return response;
  }

  /** One field of one sample replaced by hostile text or a value of the wrong type (JSON only). */
  function caseArbitrary(action: Action) {
    const values = action.kind === "json" ? [...hostileText, ...wrongTypes] : hostileText;
    return fc
      .record({
        sample: fc.constantFrom(...action.samples),
        field: fc.nat(),
        value: fc.oneof(fc.constantFrom(...values), fc.string({ unit: "binary", maxLength: 80 })),
        dataRequest: fc.boolean(),
        extraKey: fc.constantFrom(undefined, "__proto__", "constructor", "\u202Ekey", "a".repeat(2_000)),
      })
      .map(({ sample, field, value, dataRequest, extraKey }) => {
        const names = Object.keys(sample);
        const name = names[field % names.length] ?? "intent";
        const fields: Record<string, unknown> = { ...sample, [name]: value };
        if (extraKey) Object.defineProperty(fields, extraKey, { value: { polluted: true }, enumerable: true });
        return {
          fields,
          dataRequest,
          what: `${name} = ${JSON.stringify(value)?.slice(0, 40)}${extraKey ? ` + ${extraKey.slice(0, 12)}` : ""}`,
        };
      });
  }

  it("never answers 5xx to hostile fields in any page action", async () => {
    failures = [];
    for (const action of actions()) {
      await fc.assert(
        fc.asyncProperty(caseArbitrary(action), async ({ fields, dataRequest, what }) => {
          const { payload, contentType } = encodeBody(action.kind, fields);
          await send(
            {
              method: "POST",
              url: actionUrl(action.path, dataRequest),
              headers: { "content-type": contentType },
              payload,
            },
            `POST ${action.path} ${what}`,
          );
        }),
        { seed, numRuns: runsPerAction },
      );
    }
    expect(failures, `${failures.length} answers of 5xx`).toEqual([]);
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
      ["text/plain", JSON.stringify({ intent: "check-email", email: "a\u0000b@example.com" })],
      ["text/plain;charset=UTF-8", JSON.stringify({ intent: "submit", search: "", lead: { kid: { name: "\uDFFF" } } })],
      [undefined, "intent=sign-out"],
      ["application/x-www-form-urlencoded", "intent=request-link&email=%00%ED%A0%80"],
      ["application/x-www-form-urlencoded", "%=%&&==&%ff"],
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
        for (const [contentType, payload] of bodies) {
          await send(
            { method: "POST", url, headers: contentType ? { "content-type": contentType } : {}, payload },
            `POST ${url} (${contentType}) ${payload.slice(0, 40)}`,
          );
        }
        for (const method of oddMethods) {
          await send(
            { method: method as "GET", url, headers: { "content-type": "application/json" }, payload: "{}" },
            `${method} ${url}`,
          );
        }
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(failures, `${failures.length} answers of 5xx`).toEqual([]);
  }, 600_000);

  it("never answers 5xx to odd methods, wrong bodies and hostile text on any API route", async () => {
    failures = [];
    const routes = await collectApiRoutes();
    const headers = { "x-api-key": productTestApiKey };
    const bodies: [string | undefined, string][] = [
      ["text/plain", JSON.stringify({ user_token: token, email: "a\u0000b@example.com", product: "kinderready" })],
      ["text/plain", '{"email":"a\\u0000b@example.com"}'],
      ["application/json", JSON.stringify({ user_token: token, email: "a\uD800@example.com", product: "kinderready" })],
      ["application/json", deepJson],
      ["application/json", '{"__proto__":{"polluted":true}}'],
      ["application/x-www-form-urlencoded", "a=1"],
      [undefined, "{}"],
      ["application/json", JSON.stringify({ padding: "x".repeat(300 * 1024) })],
    ];
    for (const route of routes) {
      for (const text of ["", ...hostileText.slice(0, 24)]) {
        const url = route.url.replace(/:(\w+)/g, () =>
          encodeURIComponent((text || token).toWellFormed()).slice(0, 200),
        );
        for (const method of [...oddMethods, "GET", "POST"]) {
          await send({ method: method as "GET", url, headers }, `${method} ${url.slice(0, 60)}`);
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
          );
        }
      }
    }
    for (const url of ["/", "/assets/none.js", "/__manifest", "/api/docs", "/printables/files/x.pdf", "/favicon.ico"]) {
      for (const method of oddMethods) await send({ method: method as "GET", url }, `${method} ${url}`);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(failures, `${failures.length} answers of 5xx`).toEqual([]);
  }, 600_000);
});
