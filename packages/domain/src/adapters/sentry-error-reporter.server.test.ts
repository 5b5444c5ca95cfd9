import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { memoryLogger } from "@kinderready/config/test/memory-logger";
import * as Sentry from "@sentry/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorReporter } from "../error-reporting/error-reporter.ts";
import { createSentryErrorReporter } from "./sentry-error-reporter.server.ts";

// The real SDK against a local stand-in for Sentry's ingest endpoint (POST /api/<project>/envelope/).

const token = "q3VtR8xKp2LmN9sTz4Yb_w";
const email = "jane.doe@example.com";
const userId = "0b7e6a4c-5f1d-4c8e-9a2b-3d4e5f6a7b8c";

type Envelope = { path: string; header: Record<string, unknown>; items: { type: string; payload: unknown }[] };

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  return (request.headers["content-encoding"] === "gzip" ? gunzipSync(body) : body).toString("utf8");
}

/** Envelope: a header line, then per item a header line and a payload line. */
function parseEnvelope(path: string, text: string): Envelope {
  const [header = "{}", ...rest] = text.split("\n").filter(Boolean);
  const items: Envelope["items"] = [];
  for (let index = 0; index + 1 < rest.length; index += 2) {
    const itemHeader = JSON.parse(rest[index] ?? "{}") as { type: string };
    items.push({ type: itemHeader.type, payload: JSON.parse(rest[index + 1] ?? "null") });
  }
  return { path, header: JSON.parse(header), items };
}

describe("the Sentry reporter, end to end", () => {
  const envelopes: Envelope[] = [];
  let ingest: Server;
  let app: Server;
  let reporter: ErrorReporter;
  const { log, lines } = memoryLogger();

  beforeAll(async () => {
    ingest = createServer(async (request, response) => {
      envelopes.push(parseEnvelope(request.url ?? "", await readBody(request)));
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
    await new Promise<void>((resolve) => ingest.listen(0, "127.0.0.1", resolve));
    const { port } = ingest.address() as AddressInfo;
    reporter = createSentryErrorReporter(
      { dsn: `http://public@127.0.0.1:${port}/1`, environment: "test", tracesSampleRate: 0 },
      log,
    );
    // A page whose handler fails, so the SDK attaches the request as it does in the server.
    app = createServer((_request, response) => {
      reporter.report(new Error(`no order for ${email} with token ${token}`), {
        msg: "checkout failed",
        userId,
        extra: { email, url: `/purchase/?token=${token}`, intent: "checkout" },
      });
      response.writeHead(500).end();
    });
    await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
  });

  afterAll(async () => {
    await reporter.close(2_000);
    await new Promise((resolve) => app.close(resolve));
    await new Promise((resolve) => ingest.close(resolve));
  });

  // Before the next test closes the client.
  it("leaves a fault nothing caught to the process, which reports it once and exits", () => {
    const client = Sentry.getClient();
    expect(client?.getIntegrationByName("Http")).toBeDefined();
    for (const name of ["OnUncaughtException", "OnUnhandledRejection"]) {
      expect(client?.getIntegrationByName(name), name).toBeUndefined();
    }
  });

  it("delivers the error with the user id tag and without the planted email and token", async () => {
    const { port } = app.address() as AddressInfo;
    const answer = await fetch(
      `http://127.0.0.1:${port}/api/v1/printables/${token}?token=${token}&email=${encodeURIComponent(email)}`,
      { headers: { cookie: `kr_session=${token}`, "x-forwarded-for": "203.0.113.7" } },
    );
    expect(answer.status).toBe(500);
    await reporter.close(2_000);

    const events = envelopes.flatMap((envelope) =>
      envelope.items.filter((item) => item.type === "event").map((item) => ({ envelope, event: item.payload })),
    );
    expect(events).toHaveLength(1);
    const [{ envelope, event }] = events as [{ envelope: Envelope; event: Record<string, unknown> }];
    expect(envelope.path.split("?")[0]).toBe("/api/1/envelope/");
    expect(event).toMatchObject({
      environment: "test",
      tags: { user_id: userId },
      exception: { values: [{ type: "Error", value: "no order for [email] with token [redacted]" }] },
      extra: { msg: "checkout failed", email: "[redacted]", url: "/purchase/?token=[redacted]", intent: "checkout" },
    });
    // The SDK attached the failing request without its query; the token in the path was scrubbed.
    expect(event.request).toMatchObject({
      method: "GET",
      url: expect.stringMatching(/\/api\/v1\/printables\/\[redacted\]$/),
    });
    const sent = JSON.stringify(envelopes);
    for (const secret of [token, email, encodeURIComponent(email), "203.0.113.7", "kr_session"]) {
      expect(sent).not.toContain(secret);
    }
    // The log line is still written.
    expect(lines).toHaveLength(1);
  });
});
