import { privateDataCollection, scrubEvent } from "@kinderready/domain/error-reporting/scrub-event";
import { captureException, init } from "@sentry/browser";
import { describe, expect, it, vi } from "vitest";
import { startSentry } from "./sentry-browser.ts";

vi.mock("@sentry/browser", () => ({ init: vi.fn(), captureException: vi.fn() }));

describe("startSentry", () => {
  it("starts the browser SDK collecting no personal data, scrubbing every event, without sessions", () => {
    const capture = startSentry({
      dsn: "https://public@o1.ingest.sentry.io/42",
      environment: "prod",
      tracesSampleRate: 0,
    });
    const options = vi.mocked(init).mock.calls[0]?.[0];
    expect(options).toMatchObject({
      dsn: "https://public@o1.ingest.sentry.io/42",
      environment: "prod",
      dataCollection: privateDataCollection,
      beforeSend: scrubEvent,
    });
    const integrations = options?.integrations as (defaults: { name: string }[]) => { name: string }[];
    expect(integrations([{ name: "GlobalHandlers" }, { name: "BrowserSession" }])).toEqual([
      { name: "GlobalHandlers" },
    ]);
    const error = new Error("render failed");
    capture(error, { route: "/printables" });
    expect(captureException).toHaveBeenCalledWith(error, { extra: { route: "/printables" } });
  });
});
