import type { FlowType } from "@kinderready/domain/flows";
import type { PricePlan } from "@kinderready/domain/pricing/price-config-schema";
import type { KitContents, KitPreview as KitPreviewData } from "@kinderready/domain/printables/kit-preview.server";
import type { ShownReview } from "@kinderready/domain/reviews/review-rules";
import type { Locale } from "@kinderready/i18n/locales";
import type { OrderStatus } from "../../payments/payment-result.ts";
import type { OfferPlan } from "./offer-plan.ts";

/** The purchase pages as the loader hands them over. */
export type PurchaseFlowProps = {
  flowType: FlowType;
  locale: Locale;
  plans: { initial: OfferPlan; expired: OfferPlan };
  offerTimerTimeout: number;
  /** The server's countdown for this parent; null before the price was first on their screen. */
  offerSecondsLeft: number | null;
  /** Back from paying (`order_id`): how it went as the server last heard; null otherwise. */
  payment: OrderStatus | null;
  email: string | null;
  /** The parent's subscription ran out: the page offers to renew it first. */
  subscriptionExpired: boolean;
  /** The parent has a right of withdrawal: the offer asks to waive it for access at once. */
  withdrawalConsent: boolean;
  /** What lifetime access costs such a parent, in their currency; null when it cannot be sold. */
  lifetimePlan: PricePlan | null;
  /** The split groups the server placed this parent in (a user property of analytics). */
  splits: Record<string, string>;
  /** Pages of the child's kit with their name; null without a known parent. */
  kitPreview: KitPreviewData | null;
  /** What the kit holds, counted from the kit. */
  kitContents: KitContents;
  /** Parents' approved reviews in this language; none until it has enough. */
  parentReviews: readonly ShownReview[];
  /** The address's token when the server refused it (it names nobody): neither used nor kept. */
  refusedToken: string | null;
};
