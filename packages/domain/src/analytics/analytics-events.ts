// The event vocabulary and limits the browser needs, kept free of zod so the funnel pages do
// not download the schema library (every KB of their script counts against the size budget);
// analytics-schema builds on them.

/** The funnel's events: every quiz and purchase step, purchases, upsells, errors. */
export const analyticsEventNames = [
  "page_viewed",
  "quiz_step_viewed",
  "quiz_step_answered",
  "quiz_completed",
  "email_submitted",
  "email_failed",
  "purchase_step_viewed",
  "offer_viewed",
  "offer_timer_expired",
  "checkout_started",
  "checkout_failed",
  "purchase_succeeded",
  "purchase_failed",
  "upsell_viewed",
  "upsell_bought",
  "upsell_declined",
  "upsell_failed",
  "printable_downloaded",
  "subscription_cancelled",
  "consent_changed",
  "connectivity_changed",
  "error_shown",
] as const;
export type AnalyticsEventName = (typeof analyticsEventNames)[number];

/** The most events the browser sends in one upload. */
export const maxEventsPerBatch = 100;
