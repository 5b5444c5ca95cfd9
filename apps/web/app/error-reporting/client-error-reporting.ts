import type { PublicConfig } from "@kinderready/config/config.server";
import { isRouteErrorResponse } from "react-router";

// Error reporting in the browser. Off (the default), nothing is loaded: no SDK, no scrubber.
// On, Sentry's browser SDK arrives in its own chunk after the page is interactive; what fails
// before that waits in a short queue.

type SentrySettings = NonNullable<PublicConfig["sentry"]>;
type Extra = Record<string, string | number>;

type Start = typeof import("./sentry-browser.ts").startSentry;
type Capture = ReturnType<Start>;

const loadSentry = async (): Promise<Start> => (await import("./sentry-browser.ts")).startSentry;

const maxQueued = 10;
let state: { kind: "pending"; queue: [unknown, Extra][] } | { kind: "off" } | { kind: "on"; capture: Capture } = {
  kind: "pending",
  queue: [],
};
let started = false;

/** Once per page load, with the public configuration's `sentry` (present only when reporting is on). */
export async function startClientErrorReporting(sentry: SentrySettings | undefined, load = loadSentry): Promise<void> {
  if (started) return;
  started = true;
  const queue = state.kind === "pending" ? state.queue : [];
  if (!sentry) {
    state = { kind: "off" };
    return;
  }
  try {
    const capture = (await load())(sentry);
    state = { kind: "on", capture };
    for (const [error, extra] of queue) capture(error, extra);
  } catch {
    // A blocked or vanished chunk: the page goes on without reporting.
    state = { kind: "off" };
  }
}

/** An unexpected fault in the page. No user id: the page knows the parent's token, never their id. */
export function reportClientError(error: unknown, extra: Extra = {}): void {
  if (state.kind === "on") state.capture(error, extra);
  else if (state.kind === "pending" && state.queue.length < maxQueued) state.queue.push([error, extra]);
}

/** React Router's client `onError`: loader, action and render faults; 4xx answers are not faults. */
export function reportRouteError(error: unknown, info: { pattern: string }): void {
  if (isRouteErrorResponse(error) && error.status < 500) return;
  reportClientError(error, { route: info.pattern });
}

/** A non-2xx answer of our API: reported first, then raised, so no failed call goes unseen. */
export class ApiResponseError extends Error {
  override name = "ApiResponseError";
  readonly status: number;
  constructor(status: number, what: string) {
    super(`${what} answered ${status}`);
    this.status = status;
  }
}

/**
 * `fetch` for the browser's calls to our API: a failed answer is reported and then raised as an
 * ApiResponseError. A 429 is the limit working, and a request that never got an answer is the
 * network's fault (offline phones): both are raised without a report.
 */
export async function fetchApi(url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, init);
  if (response.ok) return response;
  const error = new ApiResponseError(response.status, `${init.method ?? "GET"} ${url.split("?", 1)[0]}`);
  if (response.status !== 429) reportClientError(error, { status: response.status });
  throw error;
}
