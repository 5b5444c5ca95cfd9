import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The module keeps the page's one reporting state: each test loads a fresh copy.
type Module = typeof import("./client-error-reporting.ts");
let reporting: Module;

const settings = { dsn: "https://public@o1.ingest.sentry.io/42", environment: "prod", tracesSampleRate: 0 };

function fakeSdk() {
  const capture = vi.fn();
  return { capture, load: vi.fn(async () => vi.fn(() => capture)) };
}

beforeEach(async () => {
  vi.resetModules();
  reporting = await import("./client-error-reporting.ts");
});
afterEach(() => vi.unstubAllGlobals());

describe("client error reporting", () => {
  it("loads nothing and sends nothing when reporting is off", async () => {
    const { capture, load } = fakeSdk();
    reporting.reportClientError(new Error("before the start"));
    await reporting.startClientErrorReporting(undefined, load);
    reporting.reportClientError(new Error("after"));
    expect(load).not.toHaveBeenCalled();
    expect(capture).not.toHaveBeenCalled();
  });

  it("loads the SDK once and sends what failed before it arrived", async () => {
    const { capture, load } = fakeSdk();
    const early = new Error("during hydration");
    reporting.reportClientError(early, { route: "/purchase/" });
    await reporting.startClientErrorReporting(settings, load);
    await reporting.startClientErrorReporting(settings, load);
    expect(load).toHaveBeenCalledTimes(1);
    const start = await load.mock.results[0]?.value;
    expect(start).toHaveBeenCalledWith(settings);
    expect(capture).toHaveBeenCalledWith(early, { route: "/purchase/" });
  });

  it("reports route faults but not 4xx answers", async () => {
    const { capture, load } = fakeSdk();
    await reporting.startClientErrorReporting(settings, load);
    reporting.reportRouteError(new ErrorResponse(404, "Not Found", null), { pattern: "/missing" });
    const fault = new Error("render failed");
    reporting.reportRouteError(fault, { pattern: "/printables" });
    expect(capture.mock.calls).toEqual([[fault, { route: "/printables" }]]);
  });

  it("reports a failed API answer and raises it again; a 429 or no answer is raised unreported", async () => {
    const { capture, load } = fakeSdk();
    await reporting.startClientErrorReporting(settings, load);
    const answers = [
      new Response("{}", { status: 200 }),
      new Response("{}", { status: 500 }),
      new Response("", { status: 429 }),
    ];
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        const answer = answers.shift();
        if (!answer) throw new TypeError("Failed to fetch");
        return answer;
      }),
    );
    expect((await reporting.fetchApi("/api/v1/analytics/events", { method: "POST" })).status).toBe(200);
    await expect(reporting.fetchApi("/api/v1/analytics/events?token=abc", { method: "POST" })).rejects.toMatchObject({
      name: "ApiResponseError",
      status: 500,
      message: "POST /api/v1/analytics/events answered 500",
    });
    await expect(reporting.fetchApi("/api/v1/analytics")).rejects.toMatchObject({ status: 429 });
    await expect(reporting.fetchApi("/api/v1/analytics")).rejects.toThrow("Failed to fetch");
    expect(capture).toHaveBeenCalledTimes(1);
    expect(capture).toHaveBeenCalledWith(expect.any(reporting.ApiResponseError), { status: 500 });
  });
});
