import { z } from "zod";
import { fieldRules } from "../onboarding/field-rules.ts";
import { cancelReasons } from "../payments/cancel-reasons.ts";
import { upsellKind } from "../upsell-wire.ts";
import { ruleSchema } from "../validation/rule-schema.ts";
import { cancelCommentMaxLength, contactFieldRules } from "./profile-rules.ts";

// The shapes of the profile area (the forms' fields and rules, and what the pages show),
// declared once for the page actions, the domain and the browser's own checks.

export const cancelRequestSchema = z.object({
  reason: z.enum(cancelReasons, { error: "Please, choose the Reason to continue" }),
  comment: z.string().trim().max(cancelCommentMaxLength).optional(),
});
export type CancelRequest = z.infer<typeof cancelRequestSchema>;

const emailSchema = ruleSchema(z.string().max(254), "email", fieldRules.email.rules).transform((email) =>
  email.trim().toLowerCase(),
);

export const contactRequestSchema = z.object({
  name: ruleSchema(z.string(), "name", contactFieldRules.name.rules).transform((name) => name.trim()),
  email: emailSchema,
  message: ruleSchema(z.string(), "message", contactFieldRules.message.rules).transform((text) => text.trim()),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

export const accessLinkRequestSchema = z.object({ email: emailSchema });

export const consentSchema = z.object({ mailing: z.boolean(), adSharingOptOut: z.boolean() });
export type ConsentSettings = z.infer<typeof consentSchema>;

const isoDate = z.iso.datetime();

/**
 * What the profile shows of a subscription: its status, expired_at (the browser calls it
 * expires_at) and cancelled_at.
 */
export const subscriptionInfoSchema = z.object({
  status: z.enum(["trialing", "active", "past_due", "paused", "cancelled", "expired", "lifetime"]),
  /** Next charge while it renews; the end of access once cancelled or expired. */
  expired_at: isoDate.nullable(),
  cancelled_at: isoDate.nullable(),
  trial_ends_at: isoDate.nullable(),
  renewal: z
    .object({ amount: z.number().int(), currency: z.string(), periodDays: z.number().int() })
    .nullable()
    .describe("What each renewal charges, in minor units"),
  cancelReason: z.enum(cancelReasons).nullable(),
  /** Asked to end on a later date: the day it ends (it renews until then). */
  ends_on: isoDate.nullable(),
  /**
   * A pause asked for or under way: the kit closes from `from` (the end of the period paid for)
   * and billing resumes on `resumes_at`. The parent may resume sooner.
   */
  pause: z.object({ from: isoDate, resumes_at: isoDate }).nullable(),
  /** A cancelled subscription whose period has not ended can be restored; so can a scheduled end. */
  canRestore: z.boolean(),
  /** An expired one can be renewed with the card on file. */
  canRenew: z.boolean(),
  /** A declined renewal, or an expired subscription, can be paid with another card on the gateway's page. */
  canPayWithAnotherCard: z.boolean(),
  canCancel: z.boolean(),
});
export type SubscriptionInfo = z.infer<typeof subscriptionInfoSchema>;

export const purchaseViewSchema = z.object({
  orderId: z.string(),
  kind: z.enum(["subscription", "renewal", "reactivation", upsellKind, "lifetime"]),
  amount: z.number().int(),
  currency: z.string(),
  paidAt: isoDate,
  refunded: z.boolean(),
});
export type PurchaseView = z.infer<typeof purchaseViewSchema>;

export const profileViewSchema = z.object({
  email: z.string().nullable(),
  childName: z.string().nullable(),
  childAge: z.number().int().nullable(),
  locale: z.string(),
  subscription: subscriptionInfoSchema.nullable(),
  purchases: z.array(purchaseViewSchema),
  addOns: z.object({ packs: z.boolean(), lifetime: z.boolean() }),
  consent: consentSchema,
  /** Data can be deleted when nothing renews: no subscription, cancelled, expired or lifetime. */
  canDeleteData: z.boolean(),
});
export type ProfileView = z.infer<typeof profileViewSchema>;

export const cancellationReasonMaxLength = 1000;

/**
 * The public cancel page's declaration: who (the email), ordinary or extraordinary (with its
 * reason), and when it should end (the earliest possible date unless a date is given).
 */
export const cancellationNoticeSchema = z
  .object({
    email: emailSchema,
    kind: z.enum(["ordinary", "extraordinary"], { error: "Choose ordinary or extraordinary cancellation" }),
    reason: z.string().trim().max(cancellationReasonMaxLength).optional(),
    end: z.enum(["earliest", "date"]).default("earliest"),
    endDate: z.iso.date({ error: "Choose a date" }).optional(),
  })
  .superRefine((notice, context) => {
    if (notice.kind === "extraordinary" && !notice.reason) {
      context.addIssue({ code: "custom", path: ["reason"], message: "Give the reason for extraordinary cancellation" });
    }
    if (notice.kind === "ordinary" && notice.end === "date" && !notice.endDate) {
      context.addIssue({ code: "custom", path: ["endDate"], message: "Choose a date" });
    }
  });
export type CancellationNotice = z.infer<typeof cancellationNoticeSchema>;
