import { type Locale, localeFromPath, splitLocalePath } from "@kinderready/i18n/locales";
import { type FlowType, flows, flowTypes, purchaseSteps } from "../flows.ts";
import { quizPageIds } from "../onboarding/quiz-flow.ts";
import type { AnalyticsEventName } from "./analytics-events.ts";

// The funnel the operator reads, step by step: a visit, every quiz question, the email page and
// the email, every purchase page, the offer, checkout, the purchase and the upsell. Each step is
// a browser event (and, for money, the orders table); a visitor's progress is a bit per step.

type FunnelStep = { id: string; event: AnalyticsEventName; step?: string };

const quizQuestions = quizPageIds.filter((id) => id !== "analyzing");
const purchasePages = purchaseSteps.filter((id) => id !== "subscription-offer");

export const funnelSteps: readonly FunnelStep[] = [
  { id: "visit", event: "page_viewed" },
  ...quizQuestions.map((id) => ({ id: `quiz:${id}`, event: "quiz_step_viewed" as const, step: id })),
  { id: "email-page", event: "quiz_completed" },
  { id: "email", event: "email_submitted" },
  ...purchasePages.map((id) => ({ id: `purchase:${id}`, event: "purchase_step_viewed" as const, step: id })),
  { id: "offer", event: "offer_viewed" },
  { id: "checkout", event: "checkout_started" },
  { id: "purchase", event: "purchase_succeeded" },
  { id: "upsell-offer", event: "upsell_viewed" },
  { id: "upsell", event: "upsell_bought" },
];

// A bigint column holds 63 usable bits.
if (funnelSteps.length > 63) throw new Error("The funnel has more steps than a bigint has bits");

export const purchaseStepIndex = funnelSteps.findIndex((step) => step.id === "purchase");
export const upsellStepIndex = funnelSteps.findIndex((step) => step.id === "upsell");

type StepEvent = { name: string; properties?: Record<string, unknown> | undefined };

function stepIndexOf(event: StepEvent): number {
  return funnelSteps.findIndex(
    (step) => step.event === event.name && (step.step === undefined || step.step === event.properties?.step),
  );
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
 * The same mapping as SQL over analytics_events (name, properties), for rebuilding the funnel
 * from stored events. Only step ids and event names are interpolated: both are constants.
 */
export function stepMaskSql(nameColumn: string, propertiesColumn: string): string {
  const cases = funnelSteps.map((step, index) => {
    const when = step.step
      ? `${nameColumn} = '${step.event}' and ${propertiesColumn}->>'step' = '${step.step}'`
      : `${nameColumn} = '${step.event}'`;
    return `when ${when} then ${(1n << BigInt(index)).toString()}::bigint`;
  });
  return `case ${cases.join(" ")} else 0::bigint end`;
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
