import type { AppServices } from "@kinderready/domain/app-services";
import type { Parent } from "@kinderready/domain/parents/find-parent.server";
import type { Locale } from "@kinderready/i18n/locales";
import type { RequestContext } from "#load-context";
import type { Intent, IntentAnswer, IntentBody } from "./profile-actions.server.ts";

/** What every intent is handed: the request, the page's language, and the visit's services. */
export type VisitorPost = Pick<RequestContext, "services" | "clientAddress" | "geo"> & {
  request: Request;
  locale: Locale;
};

/** What an intent that changes the account or spends money is handed besides: the verified parent. */
export type ParentPost = VisitorPost & {
  signedIn: Parent;
  /** This device's session. */
  current: string;
  parent: { token: string };
  /** The cancel flow's dependencies: payments, and the emails it sends. */
  flow: AppServices["payments"] & Pick<AppServices, "emails">;
};

/** One intent's handler: its checked body and what the post is handed, to the answer. */
export type IntentHandler<I extends Intent, Post = VisitorPost> = (
  body: IntentBody<I>,
  post: Post,
) => Promise<IntentAnswer> | IntentAnswer;
