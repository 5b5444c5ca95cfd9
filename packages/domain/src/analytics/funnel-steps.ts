import { type Locale, localeFromPath, splitLocalePath } from "@kinderready/i18n/locales";
import { type FlowType, flows, flowTypes, purchaseSteps } from "../flows.ts";
import { quizPageIds } from "../onboarding/quiz-flow.ts";
import type { AnalyticsEventName } from "./analytics-events.ts";

// The funnel the operator reads, step by step: a visit, every quiz question, the email page and
// the email, every purchase page, the offer, checkout, the purchase, the upsell and the kit. The
// server records the steps it sees itself (page loads, the email, checkout: see
// recordServerSteps); browser events add the rest; money steps also come from the orders table.
// A visitor's progress is a bit per step and the time each step was first reached.

type FunnelStep = {
  id: string;
  /** The browser event that marks the step; null for a step only the server records. */
  event: AnalyticsEventName | null;
  step?: string;
  /**
   * A step some visitors rightly skip (a link straight to the offer passes the purchase pages
   * before it): the ordered funnel counts it, but does not require it for the steps after it.
   */
  optional?: true;
  /** One of the few steps the breakdown and the short funnel show. */
  key?: true;
  /**
   * The server records this step itself (or the orders show it), so it is never lost with a
   * browser's events. A step only the browser reports counts as passed once the visitor reached
   * a later one before the next step the server records: the pages keep their order.
   */
  server?: true;
};

const quizQuestions = quizPageIds.filter((id) => id !== "analyzing");
const purchasePages = purchaseSteps.filter((id) => id !== "subscription-offer");

export const funnelSteps: readonly FunnelStep[] = [
  { id: "visit", event: "page_viewed", key: true, server: true },
  ...quizQuestions.map((id, index) => ({
    id: `quiz:${id}`,
    event: "quiz_step_viewed" as const,
    step: id,
    // The quiz page opens on its first question; the others change in the browser.
    ...(index === 0 && { key: true as const, server: true as const }),
  })),
  { id: "email-page", event: "quiz_completed", key: true, server: true },
  { id: "email", event: "email_submitted", key: true, server: true },
  ...purchasePages.map((id, index) => ({
    id: `purchase:${id}`,
    event: "purchase_step_viewed" as const,
    step: id,
    optional: true as const,
    ...(index === 0 && { server: true as const }),
  })),
  { id: "offer", event: "offer_viewed", key: true, server: true },
  { id: "checkout", event: "checkout_started", key: true, server: true },
  { id: "purchase", event: "purchase_succeeded", key: true, server: true },
  // Not every buyer is offered an upsell (one who bought lifetime straight away is not).
  { id: "upsell-offer", event: "upsell_viewed", optional: true, key: true, server: true },
  { id: "upsell", event: "upsell_bought", optional: true, key: true, server: true },
  { id: "printables", event: null, key: true, server: true },
];

// A bigint column holds 63 usable bits.
if (funnelSteps.length > 63) throw new Error("The funnel has more steps than a bigint has bits");

/** A step's position in the funnel (its bit); throws for an id that is not a step. */
export function stepIndex(id: string): number {
  const index = funnelSteps.findIndex((step) => step.id === id);
  if (index < 0) throw new Error(`no funnel step ${id}`);
  return index;
}

export const purchaseStepIndex = stepIndex("purchase");
export const upsellStepIndex = stepIndex("upsell");

type StepEvent = { name: string; properties?: Record<string, unknown> | undefined };

function stepIndexOf(event: StepEvent): number {
  return funnelSteps.findIndex(
    (step) =>
      step.event !== null &&
      step.event === event.name &&
      (step.step === undefined || step.step === event.properties?.step),
  );
}

/** Seconds since the epoch: how step times are stored. */
export const epochSeconds = (at: Date | number) => Math.floor((typeof at === "number" ? at : at.getTime()) / 1000);

/**
 * When a batch first reached each step, in seconds since the epoch, one element per step (null
 * where it reached none): the form funnel_visitors.step_times keeps.
 */
export function stepTimesOf(events: readonly (StepEvent & { occurredAt: Date })[]): (number | null)[] {
  const times: (number | null)[] = funnelSteps.map(() => null);
  for (const event of events) {
    const index = stepIndexOf(event);
    if (index < 0) continue;
    const at = epochSeconds(event.occurredAt);
    const known = times[index];
    if (known === null || known === undefined || at < known) times[index] = at;
  }
  return times;
}

/** The funnel steps a batch of events reached, as a bit mask. */
export function stepMaskOf(events: readonly StepEvent[]): bigint {
  let mask = 0n;
  for (const event of events) {
    const index = stepIndexOf(event);
    if (index >= 0) mask |= 1n << BigInt(index);
  }
  return mask;
}

/**
 * The same mapping as SQL over analytics_events (name, properties), giving the step's position
 * (null for an event that is no step), for rebuilding the funnel from stored events. Only step
 * ids and event names are interpolated: both are constants.
 */
export function stepIndexSql(nameColumn: string, propertiesColumn: string): string {
  const cases = funnelSteps.flatMap((step, index) => {
    if (step.event === null) return [];
    const when = step.step
      ? `${nameColumn} = '${step.event}' and ${propertiesColumn}->>'step' = '${step.step}'`
      : `${nameColumn} = '${step.event}'`;
    return [`when ${when} then ${index}`];
  });
  return `case ${cases.join(" ")} end`;
}

/** The flow a page belongs to: the main quiz and offer, or their copy (where experiments run). */
export function flowOfPage(page: string | null | undefined): FlowType | null {
  if (!page) return null;
  const { path } = splitLocalePath(page);
  for (const flow of flowTypes) {
    if (path === flows[flow].quizPath || path === flows[flow].purchasePath) return flow;
  }
  return null;
}

export function localeOfPage(page: string | null | undefined): Locale | null {
  return page ? localeFromPath(page) : null;
}

export const deviceKinds = ["mobile", "tablet", "desktop"] as const;
export type DeviceKind = (typeof deviceKinds)[number];

/** ua-parser's device type: only phones and tablets are named; anything else is a desktop. */
export function deviceKindOf(deviceType: string | undefined): DeviceKind {
  if (deviceType === "mobile" || deviceType === "tablet") return deviceType;
  return "desktop";
}
