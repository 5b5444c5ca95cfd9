import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { memoryLogger } from "@kinderready/config/test/memory-logger";
import { afterEach, describe, expect, it } from "vitest";
import { createGeoService } from "./geo-service.server.ts";

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

const servers: Server[] = [];

/** A stand-in for the geolocation service on a local port; counts the requests it gets. */
async function startService(handler: Handler) {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? "");
    handler(request, response);
  });
  servers.push(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return { requests, urlTemplate: `http://127.0.0.1:${port}/json/{ip}?fields=countryCode,regionName,query` };
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

const answer =
  (body: unknown, status = 200, headers: Record<string, string> = {}): Handler =>
  (_request, response) => {
    response.writeHead(status, { "content-type": "application/json", ...headers });
    response.end(typeof body === "string" ? body : JSON.stringify(body));
  };

function setup(handler: Handler, timeoutMs = 1500) {
  const { log, lines } = memoryLogger();
  let clock = 1_000_000;
  return startService(handler).then((service) => ({
    ...service,
    lines,
    get events() {
      return lines.map(({ level, msg, reason }) => ({ level, msg, reason }));
    },
    advance: (ms: number) => {
      clock += ms;
    },
    lookup: createGeoService({
      urlTemplate: service.urlTemplate,
      timeoutMs,
      now: () => clock,
      log,
    }),
  }));
}

describe("createGeoService", () => {
  it("asks the service by address and answers its country and region", async () => {
    const service = await setup(answer({ countryCode: "US", regionName: "California", query: "8.8.8.8" }));
    await expect(service.lookup("8.8.8.8")).resolves.toEqual({ countryCode: "us", region: "California" });
    expect(service.requests).toEqual(["/json/8.8.8.8?fields=countryCode,regionName,query"]);
    expect(service.events).toEqual([]);
  });

  it("escapes the address into the URL (IPv6)", async () => {
    const service = await setup(answer({ countryCode: "DE", regionName: "", query: "2a00:1450::1" }));
    await expect(service.lookup("2a00:1450::1")).resolves.toEqual({ countryCode: "de", region: "" });
    expect(service.requests[0]).toBe("/json/2a00%3A1450%3A%3A1?fields=countryCode,regionName,query");
  });

  it.each([
    [
      "a timeout",
      ((_request, response) => setTimeout(() => answer({ countryCode: "US" })(_request, response), 500)) as Handler,
      "timeout",
    ],
    ["a 500", answer({ message: "boom" }, 500), "http_500"],
    ["bad JSON", answer("{not json"), "bad_answer"],
    ["an answer without a country", answer({ status: "fail", message: "reserved range" }), "bad_answer"],
    ["an unknown country", answer({ countryCode: "XX" }), "no_country"],
  ])("on %s answers nothing and logs the failure without the address", async (_name, handler, reason) => {
    const service = await setup(handler, 100);
    await expect(service.lookup("8.8.4.4")).resolves.toBeUndefined();
    expect(service.events).toEqual([{ level: 50, msg: "geo_lookup_failed", reason }]);
    expect(JSON.stringify(service.lines)).not.toContain("8.8.4.4");
  });

  it("logs an unreachable service", async () => {
    const service = await setup(answer({}));
    await new Promise((resolve) => servers[0]?.close(resolve));
    await expect(service.lookup("8.8.4.4")).resolves.toBeUndefined();
    expect(service.events).toEqual([{ level: 50, msg: "geo_lookup_failed", reason: "unreachable" }]);
  });

  it("shares one request between concurrent lookups of the same address", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const service = await setup((request, response) => {
      void held.then(() => answer({ countryCode: "FR", regionName: "Île-de-France" })(request, response));
    });
    const first = service.lookup("81.2.69.142");
    const second = service.lookup("81.2.69.142");
    const other = service.lookup("81.2.69.143");
    release();
    const expected = { countryCode: "fr", region: "Île-de-France" };
    await expect(Promise.all([first, second, other])).resolves.toEqual([expected, expected, expected]);
    expect(service.requests).toHaveLength(2);
  });

  it("answers a known address from its cache for a day", async () => {
    const service = await setup(answer({ countryCode: "PT", regionName: "Lisbon" }));
    await service.lookup("81.2.69.142");
    service.advance(23 * 60 * 60 * 1000);
    await expect(service.lookup("81.2.69.142")).resolves.toEqual({ countryCode: "pt", region: "Lisbon" });
    expect(service.requests).toHaveLength(1);
    service.advance(2 * 60 * 60 * 1000);
    await service.lookup("81.2.69.142");
    expect(service.requests).toHaveLength(2);
  });

  it("does not ask again for a failed address within a minute, nor log again", async () => {
    const service = await setup(answer({}, 503));
    await service.lookup("81.2.69.142");
    await expect(service.lookup("81.2.69.142")).resolves.toBeUndefined();
    expect(service.requests).toHaveLength(1);
    expect(service.events).toHaveLength(1);
    service.advance(61_000);
    await service.lookup("81.2.69.142");
    expect(service.requests).toHaveLength(2);
  });

  it("pauses every lookup while the service says its rate limit is used up", async () => {
    let left = "1";
    const service = await setup((request, response) => {
      left = left === "1" ? "0" : left;
      answer({ countryCode: "US" }, 200, { "x-rl": left, "x-ttl": "30" })(request, response);
    });
    await service.lookup("81.2.69.1");
    await expect(service.lookup("81.2.69.2")).resolves.toBeUndefined();
    expect(service.requests).toHaveLength(1);
    service.advance(31_000);
    await expect(service.lookup("81.2.69.2")).resolves.toEqual({ countryCode: "us", region: "" });
    expect(service.requests).toHaveLength(2);
  });

  it("backs off on 429 for the time the service names", async () => {
    const service = await setup(answer({}, 429, { "x-ttl": "20" }));
    await service.lookup("81.2.69.1");
    expect(service.events).toEqual([{ level: 50, msg: "geo_lookup_failed", reason: "rate_limited" }]);
    await service.lookup("81.2.69.2");
    expect(service.requests).toHaveLength(1);
    service.advance(21_000);
    await service.lookup("81.2.69.2");
    expect(service.requests).toHaveLength(2);
  });

  it("keeps only so many addresses", async () => {
    const { requests, urlTemplate } = await startService(answer({ countryCode: "US" }));
    const lookup = createGeoService({
      urlTemplate,
      timeoutMs: 1500,
      cacheEntries: 2,
      log: memoryLogger().log,
    });
    await lookup("81.2.69.1");
    await lookup("81.2.69.2");
    await lookup("81.2.69.3");
    await lookup("81.2.69.1");
    expect(requests).toHaveLength(4);
  });
});
