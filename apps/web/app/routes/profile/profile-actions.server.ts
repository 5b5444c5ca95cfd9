import type { SaveOfferView } from "@kinderready/domain/profile/cancel-flow.server";
import type { SubscriptionInfo } from "@kinderready/domain/profile/profile-schema";
import { data } from "react-router";
import { z } from "zod";

// The posts of the three profile pages: each form names its intent; the answers the pages read.

/** Where signing out the other devices sends the parent back to, to say it is done. */
export const othersParam = "others";

const checkbox = z
  .enum(["on", "true"])
  .optional()
  .transform((value) => value !== undefined);

export const actionBody = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("request-link"), email: z.string() }),
  z.object({ intent: z.literal("sign-in"), code: z.string().max(200) }),
  z.object({ intent: z.literal("sign-out") }),
  z.object({ intent: z.literal("sign-out-others") }),
  z.object({ intent: z.literal("consent"), mailing: checkbox, adSharingOptOut: checkbox }),
  // The reason, answered with the offer that fits it (or cancelled at once when none does).
  z.object({ intent: z.literal("cancel-reason"), reason: z.string().optional(), comment: z.string().optional() }),
  // The answer to the offer: take it, or cancel anyway (a pass of the flow names its session).
  z.object({ intent: z.literal("pause"), session: z.uuid(), periods: z.enum(["1", "2"]) }),
  z.object({ intent: z.literal("lifetime"), session: z.uuid(), immediate_access: checkbox }),
  z.object({ intent: z.literal("help-worked"), session: z.uuid() }),
  z.object({
    intent: z.literal("cancel"),
    session: z.uuid().optional(),
    reason: z.string().optional(),
    comment: z.string().optional(),
  }),
  z.object({ intent: z.literal("restore") }),
  z.object({ intent: z.literal("resume") }),
  z.object({ intent: z.literal("renew") }),
  z.object({ intent: z.literal("another-card") }),
  z.object({ intent: z.literal("delete"), confirm: z.literal("yes") }),
]);
export type Intent = z.infer<typeof actionBody>["intent"];
/** The checked body of one intent's post. */
export type IntentBody<I extends Intent> = Extract<z.infer<typeof actionBody>, { intent: I }>;

/** One answer per intent that leaves the subscription changed (distributed, so each can be picked out). */
type ChangedSubscription<I extends Intent> = I extends Intent
  ? { intent: I; ok: true; subscription: SubscriptionInfo }
  : never;

export type ProfileActionResult =
  | { intent: "request-link"; ok: true; email: string }
  | { intent: "consent"; ok: true }
  | ChangedSubscription<"cancel" | "restore" | "resume" | "pause" | "help-worked">
  | {
      intent: "cancel-reason";
      ok: true;
      session: string;
      save: SaveOfferView;
      /** Where the right of withdrawal applies, buying lifetime access asks for access at once. */
      withdrawalConsent: boolean;
    }
  | { intent: "lifetime"; ok: true; status: "approved" | "processing" }
  | { intent: "renew"; ok: true; status: "approved" | "declined" | "processing"; errorCode: string | null }
  | { intent: Intent | "unknown"; ok: false; errorKey: string; field?: string };

export const failure = (intent: Intent | "unknown", errorKey: string, status: number, field?: string) =>
  data<ProfileActionResult>({ intent, ok: false, errorKey, ...(field ? { field } : {}) }, { status });

/** What an intent answers: a result for the page, a refusal with its status, or a redirect. */
export type IntentAnswer = ProfileActionResult | ReturnType<typeof failure> | Response;
