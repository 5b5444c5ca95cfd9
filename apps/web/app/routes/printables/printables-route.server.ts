import { userTokenSchema } from "@kinderready/domain/parents/parent-token";
import { localeFromPath } from "@kinderready/i18n/locales";
import { requestContext } from "#load-context";
import { readPostBody, refusedField } from "../../post-body.server.ts";
import { parentToken } from "../../session/parent-session.server.ts";
import type { Route } from "./+types/printables";
import { markItem } from "./complete-post.server.ts";
import { loadParentPage, pageWithoutParent } from "./printables-load.server.ts";
import {
  type PagePost,
  type PostIntent,
  type PostOf,
  type PrintablesPost,
  printablesPost,
  refusedPost,
} from "./printables-post.server.ts";
import { sendReview } from "./review-post.server.ts";
import { reportUpsellConversion } from "./trigger-upsell-post.server.ts";
import { upsellReturning } from "./upsell-arrival.server.ts";
import { startUpsellCheckoutOnPage } from "./upsell-checkout-post.server.ts";
import { recordUpsellDecision } from "./upsell-decision-post.server.ts";
import { buyUpsellWithOneClick } from "./upsell-post.server.ts";
import { askUpsellStatus } from "./upsell-status-post.server.ts";

// Server side of the printables page: the kit (levels, one of them or one pack with its items),
// the upsell offer on load, then the page's posts (mark an item done; buy with one click, ask
// how it went, report the conversion).

export async function loadPrintables({ request, url, context }: Route.LoaderArgs) {
  const visit = context.get(requestContext);
  const token = userTokenSchema.safeParse(await parentToken(request, url, visit.services));
  const page = { request, url, locale: localeFromPath(url.pathname), returning: upsellReturning(url) };
  if (!token.success) return pageWithoutParent(page);
  return loadParentPage(visit, page, token.data);
}

/** Each intent's handler, given its own fields. */
const postHandlers = {
  upsell: buyUpsellWithOneClick,
  "upsell-checkout": startUpsellCheckoutOnPage,
  "upsell-status": askUpsellStatus,
  "upsell-decision": recordUpsellDecision,
  "trigger-upsell": reportUpsellConversion,
  complete: markItem,
  review: sendReview,
} satisfies { [I in PostIntent]: (fields: PostOf<I>, post: PagePost) => Promise<unknown> };

type PostAnswer = Awaited<ReturnType<(typeof postHandlers)[PostIntent]>>;

export async function handlePrintablesAction({ request, url, context }: Route.ActionArgs) {
  const visit = context.get(requestContext);
  const body = await readPostBody(request);
  const fields = printablesPost.safeParse(body.fields);
  const token = userTokenSchema.safeParse(await parentToken(request, url, visit.services));
  if (!fields.success || !token.success) return refusedPost(fields.success ? "token" : refusedField(fields.error));
  const post = { request, url, visit, native: body.native, token: token.data, locale: localeFromPath(url.pathname) };
  // The map pairs each intent with the handler of its fields, which TypeScript cannot follow through the lookup.
  const answer = postHandlers[fields.data.intent] as (fields: PrintablesPost, post: PagePost) => Promise<PostAnswer>;
  return answer(fields.data, post);
}
