// The names each platform knows our conversions by. The browser pixels must use the same name
// and the order id as their event id, or the platform counts a purchase twice.

/** Meta's standard event, for the trial purchase and the upsells alike. */
export const metaEventName = "Purchase";
/** TikTok's standard purchase event. */
export const tiktokEventName = "CompletePayment";
/** GA4's recommended ecommerce event; GA4 deduplicates it on transaction_id (our order id). */
export const ga4EventName = "purchase";
/** GA4's recommended refund event: the purchase's transaction_id, with the value refunded. */
export const ga4RefundEventName = "refund";
/** Amplitude, where the kind of conversion stays visible: conversion_subscription, conversion_lifetime, … */
export const amplitudeEventName = (event: string) => `conversion_${event}`;
