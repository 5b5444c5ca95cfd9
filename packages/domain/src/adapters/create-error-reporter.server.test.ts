import { memoryLogger } from "@kinderready/config/test/memory-logger";
import { describe, expect, it } from "vitest";
import { createErrorReporter } from "./create-error-reporter.server.ts";

describe("createErrorReporter", () => {
  it("without Sentry settings, logs one line per fault and loads no SDK", async () => {
    const { log, lines } = memoryLogger();
    const reporter = await createErrorReporter(undefined, log);
    expect(reporter.name).toBe("local");
    reporter.report(new Error("database down"), {
      msg: "page request failed",
      userId: "0b7e6a4c-5f1d-4c8e-9a2b-3d4e5f6a7b8c",
      extra: { route: "/printables/" },
    });
    expect(lines).toEqual([
      {
        level: 50,
        time: expect.any(Number),
        pid: process.pid,
        hostname: expect.any(String),
        msg: "page request failed",
        route: "/printables/",
        userId: "0b7e6a4c-5f1d-4c8e-9a2b-3d4e5f6a7b8c",
        err: expect.objectContaining({ type: "Error", message: "database down" }),
      },
    ]);
    await reporter.close(100);
  });

  it("with Sentry settings, reports through the SDK as well", async () => {
    const { log, lines } = memoryLogger();
    // A closed port: nothing listens, so nothing leaves this machine.
    const reporter = await createErrorReporter(
      { dsn: "http://public@127.0.0.1:9/1", environment: "test", tracesSampleRate: 0 },
      log,
    );
    expect(reporter.name).toBe("sentry");
    reporter.report(new Error("boom"), { msg: "request failed" });
    expect(lines).toHaveLength(1);
    await reporter.close(500);
  });
});
