import { upsellVariants } from "@kinderready/domain/pricing/offer-rules";
import { itemCompletionFields } from "@kinderready/domain/printables/printables-schema";
import { upsellChoiceFields, upsellDecisionFields, upsellStatusFields } from "@kinderready/domain/upsell/upsell-schema";
import { type Locale, localizePath } from "@kinderready/i18n/locales";
import { data, redirect } from "react-router";
import { z } from "zod";
import type { RequestContext } from "#load-context";
import { failedAction } from "../../action-failure.server.ts";
import type { UpsellActionResult } from "./upsell-result.ts";

// The printables page's posts: their fields by intent, what each intent's handler is given, and
// the answers the upsell's handlers share. An intent that runs a use case the API also offers posts
// that use case's own fields, declared once in the domain with the API's body.

export const printablesPost = z.discriminatedUnion("intent", [
  // The page names what to buy and the price it showed; the offer's stage on the server prices it.
  // Where the right of withdrawal applies, the box asking for access at once comes with it.
  upsellChoiceFields.extend({
    intent: z.literal("upsell"),
    variant: z.enum(upsellVariants),
    immediate_access: z.literal("on").optional(),
  }),
  // "No, thanks" (the discount opens) or the discount closed (it ends).
  upsellDecisionFields.extend({ intent: z.literal("upsell-decision") }),
  upsellStatusFields.extend({ intent: z.literal("upsell-status") }),
  // The same, with the parent on the gateway's page (the bank wants them present).
  upsellChoiceFields.extend({
    intent: z.literal("upsell-checkout"),
    variant: z.enum(upsellVariants),
    immediate_access: z.literal("on").optional(),
  }),
  z.object({ intent: z.literal("trigger-upsell") }),
  // From the page's scripts (booleans), or its form's fields ("true"/"false").
  itemCompletionFields.extend({ intent: z.literal("complete") }),
  // The review's own rules (lengths, letters) are the domain's, answered field by field.
  z.object({
    intent: z.literal("review"),
    // A number from the scripts, its digit from a plain form.
    rating: z.union([z.number(), z.string().max(2).transform(Number)]),
    text: z.string().max(5000),
    firstName: z.string().max(500),
  }),
]);

export type PrintablesPost = z.infer<typeof printablesPost>;
export type PostIntent = PrintablesPost["intent"];
/** One intent's fields. */
export type PostOf<I extends PostIntent> = Extract<PrintablesPost, { intent: I }>;

/** What every intent's handler is given: the request, the parent's token, and how the post came. */
export type PagePost = {
  request: Request;
  url: URL;
  visit: RequestContext;
  /** Posted by a plain HTML form (before or without the scripts), answered with a redirect. */
  native: boolean;
  token: string;
  locale: Locale;
};

const notCreated = { intent: "upsell", error: { messageKey: "upsell.errors.notCreated" } } as const;

/** A post the page would never send (or without a parent's token): the field refused. */
export function refusedPost(field: string) {
  return data<UpsellActionResult>({ ...notCreated, error: { ...notCreated.error, field } }, { status: 400 });
}

/**
 * A plain form's post comes back to this page (the order it made in the address, for its
 * status); the scripts are answered the data itself.
 */
export function backToPrintables({ token, locale }: PagePost, query: Record<string, string> = {}) {
  const here = new URLSearchParams({ token, ...query });
  return redirect(`${localizePath("/printables/", locale)}?${here}`, 303);
}

/** A purchase (or an answer to the offer) that failed was not made. */
export function failedUpsellPost(error: unknown, { visit }: PagePost, intent: PostIntent) {
  return failedAction(error, {
    errors: visit.errors,
    msg: `${intent} failed`,
    fallbackKey: "upsell.errors.notCreated",
    answer: (messageKey): UpsellActionResult => ({ intent: "upsell", error: { messageKey } }),
  });
}
