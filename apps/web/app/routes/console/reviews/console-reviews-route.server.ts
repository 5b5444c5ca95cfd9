import {
  listReviewsForModeration,
  moderateReview,
  moderationFilters,
} from "@kinderready/domain/reviews/reviews.server";
import { data } from "react-router";
import { z } from "zod";
import { requestContext } from "#load-context";
import { failedChange } from "../../../console/failed-change.server.ts";
import { requireOperatorChange } from "../../../console/operator-guard.server.ts";
import type { Route } from "./+types/console-reviews";

// Server side of parents' reviews (/admin/reviews/?status=…): the reviews of one status (waiting
// ones unless asked otherwise), and approving or rejecting one as the operator read it.

const filterQuery = z.enum(moderationFilters).catch("pending");

export async function loadConsoleReviews({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const filter = filterQuery.parse(new URL(request.url).searchParams.get("status") ?? undefined);
  return { filter, reviews: await listReviewsForModeration(services, { filter }) };
}

const changeSchema = z.object({
  intent: z.enum(["approve", "reject"]),
  reviewId: z.string().min(1).max(64),
  /** The review's last change as the page showed it: a text rewritten since is not decided unread. */
  seen: z.iso.datetime(),
});

export type ReviewChangeResult =
  | { ok: true; intent: "approve" | "reject" }
  | { ok: false; field: string; messageKey: string };

export async function handleConsoleReviewsAction(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const operator = requireOperatorChange(args, form);
  const { services, errors } = args.context.get(requestContext);
  const parsed = changeSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return data<ReviewChangeResult>(
      { ok: false, field: String(issue?.path[0] ?? "intent"), messageKey: "reviews.errors.invalid" },
      { status: 400 },
    );
  }
  const { intent, reviewId, seen } = parsed.data;
  try {
    await moderateReview(services, {
      operatorId: operator.id,
      reviewId,
      decision: intent === "approve" ? "approved" : "rejected",
      seen: new Date(seen),
      now: new Date(),
    });
    return data<ReviewChangeResult>({ ok: true, intent });
  } catch (error) {
    return failedChange(error, { errors, intent, extra: {} });
  }
}
