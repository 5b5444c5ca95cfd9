import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { exitOnFatalErrors } from "./fatal-errors.ts";

function watched() {
  const source = new EventEmitter();
  const reported: { error: unknown; msg: string }[] = [];
  const steps: string[] = [];
  let flushed: () => void = () => {};
  exitOnFatalErrors(
    {
      name: "local",
      report: (error, { msg }) => {
        reported.push({ error, msg });
      },
      close: () => {
        steps.push("close");
        return new Promise<void>((resolve) => {
          flushed = resolve;
        });
      },
    },
    { source, exit: (code) => steps.push(`exit ${code}`), beforeExit: () => steps.push("before exit") },
  );
  return { source, reported, steps, flush: () => flushed() };
}

describe("a fault nothing caught", () => {
  it("is reported, and the process exits with 1 once the report is sent", async () => {
    const { source, reported, steps, flush } = watched();
    const boom = new Error("boom");
    source.emit("uncaughtException", boom);
    expect(reported).toEqual([{ error: boom, msg: "uncaught exception" }]);
    expect(steps).toEqual(["before exit", "close"]);
    flush();
    await new Promise((resolve) => setImmediate(resolve));
    expect(steps).toEqual(["before exit", "close", "exit 1"]);
  });

  it("reports a rejection no one awaited the same way, and a second fault without a second exit", async () => {
    const { source, reported, steps, flush } = watched();
    source.emit("unhandledRejection", new Error("lost"));
    source.emit("uncaughtException", new Error("while leaving"));
    expect(reported.map((report) => report.msg)).toEqual(["unhandled rejection", "uncaught exception"]);
    flush();
    await new Promise((resolve) => setImmediate(resolve));
    expect(steps).toEqual(["before exit", "close", "exit 1"]);
  });
});
