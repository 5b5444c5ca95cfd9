import { Readable } from "node:stream";
import type { ServerSighting } from "@kinderready/domain/analytics/visitor-funnel.server";
import { geoCookieName } from "@kinderready/domain/geo/geo-cookie.server";
import { localeCookie } from "@kinderready/i18n/locales";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { deviceCookie } from "../../../app/analytics/device-cookie.ts";
import { funnelSightingOf } from "../../../app/analytics/funnel-sighting.server.ts";
import { cacheablePage, echoesAttribution, PageCache, pageCacheKey, splicedEncodingFor } from "../../page-cache.ts";
import type { SightingBatch } from "../../sighting-batch.ts";
import { buildSplicedDocument, spliceDocument } from "../../spliced-document.ts";
import type { VisitResolver } from "./page-visit.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** A page the micro-cache may keep: its key, and the funnel steps its loaders recorded. */
    cacheable?: CacheablePage;
    /** Answered from the micro-cache: nothing to keep. */
    fromCache?: boolean;
  }
}

type CacheablePage = { key: string; steps: (readonly string[])[]; anonymous: boolean };

type PageCacheDeps = {
  /** The micro-cache's entries and their lifetime (ADR 0052). */
  pageCache: { ttlMs: number; maxEntries: number };
  appOrigin: string;
  visitOf: VisitResolver;
  sightings: SightingBatch;
};

/**
 * The pages' micro-cache: a cacheable page's request is answered from it (its funnel steps
 * recorded again for this visit), or marked to be kept once rendered.
 */
export function registerPageCache(pages: FastifyInstance, deps: PageCacheDeps): void {
  const cache = new PageCache(deps.pageCache);
  pages.addHook("onRequest", async (request, reply) => answerFromCache(request, reply, cache, deps));
  pages.addHook("onSend", async (request, reply, payload) => {
    if (!String(reply.getHeader("content-type") ?? "").startsWith("text/html")) return payload;
    if (request.cacheable && !request.fromCache) return keepRendered(request, reply, payload, cache);
    return payload;
  });
}

/**
 * A loader's funnel step is kept with the page, to be recorded again for each response served
 * from it; a step recorded for a parent makes the page theirs: never kept.
 */
export function noteSightingOnPage(
  cacheable: CacheablePage | undefined,
  sighting: ServerSighting & { steps: readonly string[] },
): void {
  cacheable?.steps.push(sighting.steps);
  if (cacheable && sighting.userId !== null) cacheable.anonymous = false;
}

/** A cacheable page's request: answered from the cache, or marked to be kept once rendered. */
async function answerFromCache(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: PageCache,
  { appOrigin, visitOf, sightings }: PageCacheDeps,
) {
  const page = {
    method: request.method,
    url: request.url,
    cookies: request.cookies,
    userAgent: request.headers["user-agent"],
  };
  if (!cacheablePage(page)) return;
  const visit = await visitOf(request, reply);
  const key = pageCacheKey(page, visit.geo);
  const cached = cache.get(key);
  if (!cached) {
    request.cacheable = { key, steps: [], anonymous: true };
    return;
  }
  request.fromCache = true;
  const asked = { url: `${appOrigin}${request.url}`, headers: { get: (name: string) => headerOf(request, name) } };
  for (const steps of cached.steps) await sightings.add(funnelSightingOf(visit, asked, { steps }));
  const { body, encoding } = spliceDocument(
    cached.document,
    request.cspNonce,
    splicedEncodingFor(request.headers["accept-encoding"]),
  );
  // Says where the document came from, for whoever looks into a page's speed.
  reply.status(cached.status).headers(cached.headers).header("x-page-cache", "hit");
  if (encoding !== "identity") reply.header("content-encoding", encoding).header("vary", "Accept-Encoding");
  return reply.send(body);
}

/**
 * A cacheable page's first render: kept when it is a whole 200 document for nobody in
 * particular (no parent's funnel step, no cookie of its own, nothing of the device in it),
 * and sent the way a cached one is.
 */
async function keepRendered(request: FastifyRequest, reply: FastifyReply, payload: unknown, cache: PageCache) {
  const cacheable = request.cacheable;
  const deviceId = request.visit?.deviceId;
  if (!cacheable?.anonymous || !deviceId || reply.statusCode !== 200 || !(payload instanceof Readable)) return payload;
  if (setCookieNames(reply).some((name) => !ownCookies.has(name))) return payload;
  const chunks: Buffer[] = [];
  for await (const chunk of payload) chunks.push(Buffer.from(chunk));
  const html = Buffer.concat(chunks).toString("utf8");
  if (html.includes(deviceId) || echoesAttribution(html, request.url) || !html.includes(request.cspNonce)) return html;
  const headers: Record<string, string> = {};
  const contentType = reply.getHeader("content-type");
  if (typeof contentType === "string") headers["content-type"] = contentType;
  const document = await buildSplicedDocument(html, request.cspNonce);
  cache.set(cacheable.key, { status: 200, headers, document, steps: cacheable.steps });
  reply.header("x-page-cache", "miss");
  const { body, encoding } = spliceDocument(
    document,
    request.cspNonce,
    splicedEncodingFor(request.headers["accept-encoding"]),
  );
  if (encoding !== "identity")
    reply.header("content-encoding", encoding).header("vary", `${reply.getHeader("vary")}, Accept-Encoding`);
  return body;
}

function headerOf(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name.toLowerCase()];
  return typeof value === "string" ? value : null;
}

/** Cookies the pages set themselves: a render that sets any other is someone's. */
const ownCookies = new Set([localeCookie.name, deviceCookie.name, geoCookieName]);

function setCookieNames(reply: FastifyReply): string[] {
  const header = reply.getHeader("set-cookie");
  const values = Array.isArray(header) ? header : header === undefined ? [] : [String(header)];
  return values.map((value) => String(value).split("=", 1)[0]?.trim() ?? "");
}
