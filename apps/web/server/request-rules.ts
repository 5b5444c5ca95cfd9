import { Readable } from "node:stream";
import { splitLocalePath } from "@kinderready/i18n/locales";
import type { FastifyInstance, FastifyReply } from "fastify";
import { isConsolePath } from "../app/console/console-paths.ts";
import { actionBodyOf, pageForPath } from "../app/pages.ts";
import { formMediaTypes } from "../app/post-body.server.ts";

// Which methods and bodies the server takes, decided once where requests enter, before any
// route or page runs: a method no route at the address takes is 405 with `Allow`, a page
// action's body of the wrong media type is 415 and one over the size limit 413, whether it
// says its length or comes in chunks (counted as it arrives). Without this, a page action handed
// JSON instead of a form (or TRACE, which the Fetch API cannot even represent) failed inside
// React Router with a 500, and a chunked body was buffered whole by `request.formData()`.

export type ActionBody = "form" | "json" | "form-or-json";

/** Actions outside the pages of pages.ts (the console, the pages' endpoints) and what they read. */
const otherActions: readonly { pattern: RegExp; body: ActionBody }[] = [
  { pattern: /^\/actions\/confirm-email$/, body: "json" },
  { pattern: /^\/admin\/(sign-in|experiments|offer|reviews|revenue|customers\/[^/]+)\/?$/, body: "form" },
];

const mediaTypes: Record<ActionBody, readonly string[]> = {
  form: formMediaTypes,
  json: ["application/json"],
  "form-or-json": [...formMediaTypes, "application/json"],
};

/** The route a page request addresses: a fetcher's data request `/x/_.data` (or `/x.data`) is `/x/`'s. */
export function routePathOf(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  if (pathname.endsWith(".data")) return pathname.slice(0, -".data".length);
  return pathname;
}

/** What the action at a page address reads, or undefined when there is none there. */
export function pageActionBody(pathname: string): ActionBody | undefined {
  const path = routePathOf(pathname);
  const other = otherActions.find(({ pattern }) => pattern.test(path));
  if (other) return other.body;
  if (isConsolePath(path) || path.startsWith("/actions/") || path.startsWith("/dev/")) return undefined;
  return actionBodyOf(pageForPath(splitLocalePath(path).path));
}

export type PageRequest = { method: string; pathname: string; contentType?: string; contentLength?: string };

export type Refusal =
  | { status: 405; allow: readonly string[] }
  | { status: 413 }
  | { status: 415; accepted: readonly string[] };

/**
 * A page request the pages would fail on: a method other than GET, HEAD and (where the page
 * has an action) POST; a POST whose body is not what the action reads; a body over the limit.
 */
export function pageRequestRefusal(request: PageRequest, bodyLimit: number): Refusal | undefined {
  const body = pageActionBody(request.pathname);
  const allow = body ? ["GET", "HEAD", "POST"] : ["GET", "HEAD"];
  if (!allow.includes(request.method)) return { status: 405, allow };
  if (request.method !== "POST" || !body) return undefined;
  if (Number(request.contentLength) > bodyLimit) return { status: 413 };
  const mediaType = (request.contentType ?? "").split(";", 1)[0]?.trim().toLowerCase() ?? "";
  const accepted = mediaTypes[body];
  return accepted.includes(mediaType) ? undefined : { status: 415, accepted };
}

type RouteMethods = { pattern: RegExp; methods: Set<string> };

/**
 * Installs the rules on the server, before any route is added (it learns every route's methods
 * as they are added): routes of their own (API, files, simulator) answer a method they do not
 * take with 405; everything else, which the pages' catch-all would take, follows
 * `pageRequestRefusal`. Unknown API paths keep their 404 (and 401 without the key).
 */
export function registerRequestRules(app: FastifyInstance, options: { bodyLimit: number }): void {
  const routes: RouteMethods[] = [];
  app.addHook("onRoute", (route) => {
    const methods = [route.method].flat();
    // A route for every method is a catch-all (the pages', the API's JSON 404), not a resource.
    if (methods.length >= app.supportedMethods.length) return;
    const pattern = patternOf(route.url ?? route.path);
    const known = routes.find((entry) => entry.pattern.source === pattern.source);
    const entry = known ?? { pattern, methods: new Set<string>() };
    for (const method of methods) entry.methods.add(method);
    if (entry.methods.has("GET")) entry.methods.add("HEAD");
    if (!known) routes.push(entry);
  });

  const refusalOf = (request: PageRequest): Refusal | undefined => {
    const own = routes.filter((route) => route.pattern.test(request.pathname));
    if (own.length > 0) {
      const allow = [...new Set(own.flatMap((route) => [...route.methods]))].sort();
      return allow.includes(request.method) ? undefined : { status: 405, allow };
    }
    if (request.pathname.startsWith("/api/")) return undefined;
    return pageRequestRefusal(request, options.bodyLimit);
  };

  app.addHook("onRequest", async (request, reply) => {
    // A route that matched by its own path takes this method: nothing to decide.
    const matched = request.routeOptions.url;
    if (matched && !matched.endsWith("*")) return;
    const [pathname = "/"] = request.url.split("?", 1);
    const refusal = refusalOf({
      method: request.method,
      pathname,
      contentType: request.headers["content-type"],
      contentLength: request.headers["content-length"],
    });
    if (refusal) return refuse(reply, pathname, refusal);
  });

  // The pages' adapter hands React Router the body as a stream it reads whole; the API's parsers
  // count theirs. A page's body is read here instead, at most the limit, and handed on in memory.
  app.addHook("preParsing", async (request, reply, payload) => {
    const matched = request.routeOptions.url;
    if ((matched && !matched.endsWith("*")) || request.url.startsWith("/api/")) return payload;
    const body = await readBodyWithin(payload, options.bodyLimit);
    if (body) return Readable.from([body]);
    // The rest is read and dropped, never kept, for a moment, then the connection is cut: closing
    // it at once, with the client still sending, resets it before the client reads the answer.
    payload.resume();
    setTimeout(() => request.raw.socket?.destroy(), lingerMs).unref();
    const [pathname = "/"] = request.url.split("?", 1);
    return refuse(reply, pathname, { status: 413 });
  });

  // Node hands CONNECT to a listener of its own, or drops the connection without an answer.
  app.server.on("connect", (request, socket) => {
    const [pathname = "/"] = (request.url ?? "/").split("?", 1);
    const refusal = refusalOf({ method: "CONNECT", pathname });
    const allow = refusal?.status === 405 ? refusal.allow.join(", ") : "GET, HEAD";
    socket.end(`HTTP/1.1 405 Method Not Allowed\r\nAllow: ${allow}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
  });
}

/** How long the rest of a refused body is drained, so that its sender sees the 413 before the connection closes. */
const lingerMs = 2_000;

/**
 * A request body read as it arrives, never more than `limit` bytes: the bytes, or undefined as
 * soon as one more byte than the limit has come (the stream is paused there, not drained). A
 * body that breaks off fails with a 400.
 */
export function readBodyWithin(stream: Readable, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      stream.off("data", onData).off("end", onEnd).off("error", onError).off("aborted", onAborted);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        stop();
        stream.pause();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, size));
    };
    const broken = () => Object.assign(new Error("The request body broke off"), { statusCode: 400 });
    const onError = () => {
      stop();
      reject(broken());
    };
    const onAborted = onError;
    stream.on("data", onData).on("end", onEnd).on("error", onError).on("aborted", onAborted);
  });
}

const reasons = { 405: "Method not allowed", 413: "Request body too large", 415: "Unsupported media type" } as const;

function refuse(reply: FastifyReply, pathname: string, refusal: Refusal) {
  if (refusal.status === 405) reply.header("allow", refusal.allow.join(", "));
  if (refusal.status === 415) reply.header("accept-post", refusal.accepted.join(", "));
  reply.status(refusal.status).header("cache-control", "no-store");
  const message = reasons[refusal.status];
  // The API's one error shape under /api/; a line of text elsewhere.
  if (pathname.startsWith("/api/")) return reply.send({ message, statusCode: refusal.status });
  return reply.type("text/plain; charset=utf-8").send(message);
}

/** A Fastify route path as a regular expression over request paths (`:name` is one segment, `*` the rest). */
function patternOf(path: string): RegExp {
  const source = path
    .split(/(:\w+|\*)/)
    .map((part) => {
      if (part === "*") return ".*";
      if (part.startsWith(":")) return "[^/]+";
      return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("");
  return new RegExp(`^${source}$`);
}
