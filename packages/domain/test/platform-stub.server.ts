import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import type { Conversion } from "../src/analytics/forwarding/forwarding-adapter.server.ts";

/** A request the stub received: what a platform would see. */
export type RecordedRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: unknown;
};

type Reply = { status: number; body?: unknown; delayMs?: number };

/**
 * Tests only: an HTTP server on 127.0.0.1 standing in for an ad or analytics platform. It records
 * every request and answers from a queue of replies (then `fallback`, by default 200 with `ok`).
 */
export async function startPlatformStub(ok: unknown = {}) {
  const requests: RecordedRequest[] = [];
  const replies: Reply[] = [];
  let fallback: Reply = { status: 200, body: ok };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://stub");
      const text = Buffer.concat(chunks).toString("utf8");
      requests.push({
        method: request.method ?? "",
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: request.headers,
        body: text ? JSON.parse(text) : undefined,
      });
      const reply = replies.shift() ?? fallback;
      const send = () => {
        response.writeHead(reply.status, { "content-type": "application/json" });
        response.end(JSON.stringify(reply.body ?? {}));
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** The JSON body of the request at `index`, which must have arrived. */
    bodyAt<T>(index: number): T {
      const request = requests[index];
      if (!request) throw new Error(`no request ${index} (got ${requests.length})`);
      return request.body as T;
    },
    /** Answers the next requests with these, in order. */
    reply(...next: Reply[]) {
      replies.push(...next);
    },
    /** Answers every request not queued with this from now on. */
    replyAlways(reply: Reply) {
      fallback = reply;
    },
    reset() {
      requests.length = 0;
      replies.length = 0;
      fallback = { status: 200, body: ok };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type PlatformStub = Awaited<ReturnType<typeof startPlatformStub>>;

/** Tests only: a conversion as the job hands it to an adapter. */
export function testConversion(overrides: Partial<Conversion> = {}): Conversion {
  return {
    eventId: "0b6c3f8e-4a57-4d1e-9a3c-5f1e2d7c9b10",
    event: "subscription",
    orderId: "kr_0123456789abcdef0123456789abcdef",
    occurredAt: new Date("2026-11-22T10:00:00Z"),
    amount: 199,
    currency: "USD",
    userId: "7d4f0a1e-2b3c-4d5e-8f90-a1b2c3d4e5f6",
    email: " Parent@Example.com ",
    sourceUrl: "https://kinderready.app/purchase/",
    userAgent: "Mozilla/5.0 (iPhone)",
    clientIp: null,
    fbc: "fb.1.1732531200.IwAR1234",
    fbp: "fb.1.1732531200.987654321",
    gaClientId: "123456.7654321",
    ttclid: "E.C.P.tt-click",
    deviceId: "device-0001",
    ...overrides,
  };
}
