import { type AnalyticsEventName, maxEventsPerBatch } from "@kinderready/domain/analytics/analytics-events";
import type { AnalyticsBatchBody, AnalyticsEvent } from "@kinderready/domain/analytics/analytics-schema";

// First-party product analytics in the browser: a queue flushed in batches to our own API, no
// vendor SDK on the funnel pages. The defaults: batches of 100,
// a flush at 30 queued events or every 30 seconds, 30-minute sessions.

export const analyticsDefaults = {
  flushThreshold: 30,
  flushPeriodMs: 30_000,
  sessionTimeoutMs: 30 * 60 * 1000,
  /** Events kept while offline; beyond it the oldest go. */
  maxQueued: 1000,
} as const;

/** Who the events are about; the device is the request's cookie, which scripts cannot read. */
export type Identity = {
  /** The parent's token when the page knows it (the address or the saved state). */
  userToken: string | undefined;
  /** Split-test groups and the like. */
  userProperties: Record<string, string>;
};

export type AnalyticsDeps = {
  now: () => number;
  identity: () => Identity;
  /** Where the session's start and last event are kept between pages. */
  sessionStore: { read(): string | null; write(value: string): void };
  /** Posts a batch; false when it did not arrive (it is tried again later). */
  post: (body: string) => Promise<boolean>;
  /** Hands a batch to the browser to send after the page is gone (sendBeacon). */
  beacon: (body: string) => boolean;
  /**
   * Where events handed to the browser on leaving a page are kept for the next page: a beacon
   * is never confirmed (and a server shedding load refuses it), so the next page sends them
   * again; the server keeps each event id once.
   */
  pendingStore: { read(): string | null; write(value: string): void };
  newEventId: () => string;
  page: () => string;
};

type Queued = Omit<AnalyticsEvent, "properties"> & { properties?: Record<string, string | number | boolean | null> };

export class AnalyticsClient {
  private queue: Queued[] = [];
  private sending = false;
  private readonly deps: AnalyticsDeps;

  constructor(deps: AnalyticsDeps) {
    this.deps = deps;
    const pending = this.readPending();
    if (pending.length > 0) {
      deps.pendingStore.write("[]");
      this.queue = pending.slice(-analyticsDefaults.maxQueued);
      void this.flush();
    }
  }

  private readPending(): Queued[] {
    try {
      const stored: unknown = JSON.parse(this.deps.pendingStore.read() ?? "[]");
      if (!Array.isArray(stored)) return [];
      // Only what this client wrote; the server validates the rest.
      return stored.filter(
        (event): event is Queued =>
          typeof event === "object" &&
          event !== null &&
          typeof event.event_id === "string" &&
          typeof event.name === "string",
      );
    } catch {
      return [];
    }
  }

  /** Records an event; the queue is sent when it reaches the threshold. */
  track(name: AnalyticsEventName, properties?: Record<string, string | number | boolean | null>): string {
    const eventId = this.deps.newEventId();
    this.queue.push({
      event_id: eventId,
      name,
      time: this.deps.now(),
      page: this.deps.page(),
      ...(properties && { properties }),
    });
    if (this.queue.length > analyticsDefaults.maxQueued)
      this.queue.splice(0, this.queue.length - analyticsDefaults.maxQueued);
    if (this.queue.length >= analyticsDefaults.flushThreshold) void this.flush();
    return eventId;
  }

  /** The session's id (its start, in ms): a new one after 30 minutes without events. */
  sessionId(): number {
    const now = this.deps.now();
    let session: { id: number; last: number } | undefined;
    try {
      session = JSON.parse(this.deps.sessionStore.read() ?? "null") ?? undefined;
    } catch {}
    const id =
      session && typeof session.id === "number" && now - session.last < analyticsDefaults.sessionTimeoutMs
        ? session.id
        : now;
    this.deps.sessionStore.write(JSON.stringify({ id, last: now }));
    return id;
  }

  private batch(events: Queued[]): string {
    const identity = this.deps.identity();
    const batch: AnalyticsBatchBody = {
      session_id: this.sessionId(),
      ...(identity.userToken && { user_token: identity.userToken }),
      ...(Object.keys(identity.userProperties).length > 0 && { user_properties: identity.userProperties }),
      events,
    };
    return JSON.stringify(batch);
  }

  /** Sends what is queued, 100 at a time; what fails stays queued for the next flush. */
  async flush(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    try {
      while (this.queue.length > 0) {
        const events = this.queue.slice(0, maxEventsPerBatch);
        if (!(await this.deps.post(this.batch(events)))) return;
        this.queue.splice(0, events.length);
      }
    } finally {
      this.sending = false;
    }
  }

  /**
   * The page is going away: hand everything queued to the browser to deliver, and keep it for
   * the next page to send again, in case the beacon never arrives.
   */
  flushOnHide(): void {
    const handed: Queued[] = [];
    while (this.queue.length > 0) {
      const events = this.queue.slice(0, maxEventsPerBatch);
      if (!this.deps.beacon(this.batch(events))) break;
      handed.push(...this.queue.splice(0, events.length));
    }
    const kept = [...this.readPending(), ...handed, ...this.queue].slice(-analyticsDefaults.maxQueued);
    if (kept.length > 0) this.deps.pendingStore.write(JSON.stringify(kept));
  }

  get queued(): number {
    return this.queue.length;
  }
}
