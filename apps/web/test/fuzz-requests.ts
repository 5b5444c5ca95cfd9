import { request as httpRequest } from "node:http";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { chunkedPayload } from "@kinderready/api/test/fuzz-arbitraries";
import fc from "fast-check";
import type { InjectOptions } from "fastify";

// Tests only: the pieces the product's fuzzer builds its requests from (how a body is framed and
// encoded, odd ids and days, paths reshaped), the ledger of what it sent, and the heap it watches.

/** How a body is sent: as the endpoint reads it, as the other kind, as multipart, or in chunks. */
export type Encoding = "json" | "form" | "multipart" | "chunked-json" | "chunked-form";

const boundary = "fuzzboundary7MA4YWxkTrZu0gW";

/** A value as a form carries it: text as is, a list as repeated fields, anything else as its JSON. */
function formValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(formValues);
  if (typeof value === "string") return [value];
  return [JSON.stringify(value) ?? ""];
}

/** The fields as a request's body in the given encoding, with its headers. */
export function encodedBody(
  encoding: Encoding,
  fields: Record<string, unknown>,
  cuts: readonly number[] = [7, 50, 51, 200],
): Pick<InjectOptions, "payload" | "headers"> {
  const form = () => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) for (const text of formValues(value)) params.append(name, text);
    return params.toString();
  };
  switch (encoding) {
    case "json":
      return { payload: JSON.stringify(fields), headers: { "content-type": "application/json" } };
    case "form":
      return { payload: form(), headers: { "content-type": "application/x-www-form-urlencoded;charset=UTF-8" } };
    case "multipart": {
      const parts = Object.entries(fields).flatMap(([name, value]) =>
        formValues(value).map(
          (text) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text}\r\n`,
        ),
      );
      return {
        payload: `${parts.join("")}--${boundary}--\r\n`,
        headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      };
    }
    case "chunked-json": {
      const { payload, headers } = chunkedPayload(JSON.stringify(fields), cuts);
      return { payload, headers: { ...headers, "content-type": "application/json" } };
    }
    case "chunked-form": {
      const { payload, headers } = chunkedPayload(form(), cuts);
      return { payload, headers: { ...headers, "content-type": "application/x-www-form-urlencoded" } };
    }
  }
}

/** An endpoint's own encoding mostly, the others now and then (JSON to a form endpoint, and back). */
export function encodingFor(reads: "json" | "form"): fc.Arbitrary<Encoding> {
  const other = reads === "json" ? "form" : "json";
  return fc.oneof(
    { weight: 5, arbitrary: fc.constant<Encoding>(reads) },
    { weight: 2, arbitrary: fc.constant<Encoding>(`chunked-${reads}`) },
    { weight: 1, arbitrary: fc.constantFrom<Encoding>(other, `chunked-${other}`, "multipart") },
  );
}

/** Ids no row has, or that are no id at all: the shapes a path or a field was never meant to hold. */
export const oddIds: readonly string[] = [
  "1",
  "0",
  "-1",
  "1e308",
  "not-a-uuid",
  "00000000-0000-0000-0000-00000000000g",
  "{00000000-0000-0000-0000-000000000000}",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-4fff-bfff-ffffffffffff",
  "a".repeat(2_000),
  "é",
  "😀",
  "\u202Eevil",
  "\u0000",
  "a\uD800b",
  " ",
  "null",
  "[object Object]",
  "../",
  "%",
];

/** Path segments as raw bytes: undecodable, NUL, encoded slashes, backslashes and dots. */
export const rawSegments: readonly string[] = [
  "%00",
  "%ED%A0%80",
  "%FF",
  "%",
  "%zz",
  "%2F",
  "%2f..%2f",
  "%5C",
  "%2e",
  "%2e%2e",
  "%C0%AF",
  "x%00y",
];

/** Days a report was never meant to read: before the calendar, past year 9999, not days at all. */
export const oddDays: readonly string[] = [
  "1900-01-01",
  "9999-12-31",
  "0000-00-00",
  "0001-01-01",
  "2026-02-30",
  "2026-13-01",
  "-2026-01-01",
  "+275760-09-13",
  "2026-1-1",
  "20260101",
  "today",
  "2019-12-31",
  "2020-01-01",
  "2026-11-25T00:00:00Z",
  "",
];

/** A path the way clients mangle it: slashes doubled, encoded or backslashed, dots and encoded dots. */
export const reshapedPath: fc.Arbitrary<(path: string) => string> = fc.constantFrom(
  (path: string) => `/${path}`,
  (path: string) => `//${path}`,
  (path: string) => path.replace(/\/([^/]*)$/, "//$1"),
  (path: string) => path.replace(/\/([^/]+)\//, "/$1//"),
  (path: string) => `${path}//`,
  (path: string) => path.replace(/\/([^/]+)\//, "/$1%2F"),
  (path: string) => path.replace(/\/([^/]+)\//, "/$1%2f%2e%2e%2f"),
  (path: string) => path.replace(/^\//, "/./"),
  (path: string) => path.replace(/^\//, "/%2e/"),
  (path: string) => path.replace(/^\//, "/x/../"),
  (path: string) => path.replace(/^\//, "/x/%2e%2e/"),
  (path: string) => path.replace(/^\//, "/\\"),
  (path: string) => path.replace(/^\//, "/%5C"),
  (path: string) => `${path};x=1`,
  (path: string) => `${path}%00`,
  (path: string) => `${path}%`,
  (path: string) => `${path.replace(/(.)\/$/, "$1")}.data`,
  (path: string) => `${path}_.data`,
);

/** A redirect that stays on the site: a path of one leading slash, or this origin's address. */
export function staysOnSite(location: string, origin: string): boolean {
  if (/^\/(?![/\\])/.test(location)) return true;
  try {
    return new URL(location).origin === origin;
  } catch {
    return false;
  }
}

/**
 * A request with its path exactly as written, on a socket of its own (`inject` resolves dots and
 * slashes first; a shared socket would blame one request for another's leftovers).
 */
export function rawRequest(
  origin: string,
  options: { method: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<{ statusCode: number; location: string | undefined; body: string }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      { agent: false, hostname, port, method: options.method, path: options.path, headers: options.headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => {
          // Only the start is kept, for a failure's message: the rest is read and dropped.
          if (chunks.length < 4) chunks.push(chunk);
        });
        response.on("end", () =>
          resolve({
            statusCode: response.statusCode ?? 0,
            location: response.headers.location,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        response.on("error", reject);
      },
    );
    sent.on("error", reject);
    sent.end(options.body);
  });
}

/**
 * The process's heap while the fuzzer runs: the peak of samples every 50 ms, and what remains
 * after a full garbage collection (V8's `gc`, reached without starting Node with --expose-gc).
 */
export function watchHeap() {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  const settled = () => {
    gc();
    return process.memoryUsage().heapUsed;
  };
  const before = settled();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 50);
  sampler.unref();
  return {
    before,
    stop() {
      clearInterval(sampler);
      return { before, peak, after: settled() };
    },
  };
}

/** Megabytes, for the fuzzer's summary. */
export const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MB`;
