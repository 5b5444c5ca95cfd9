import type { Database } from "@kinderready/db/open-db";
import { type Locale, localizePath } from "@kinderready/i18n/locales";
import type { RenderRequest } from "@kinderready/kit/render.server";
import type { ErrorReporter } from "../error-reporting/error-reporter.ts";
import type { OutgoingMail } from "./mail.ts";

// What composing a queued email works with: the parent it is about, the message's arguments,
// the worker's dependencies and the links every composer builds the same way.

/** The public cancel page, which works without signing in (the cancel button in every page's footer). */
const cancelPagePath = "/cancel/";

/** What the composers need of the email worker's dependencies. */
export type ComposerDeps = {
  db: Database;
  appUrl: string;
  supportEmail: string;
  /** Signs the code in sign-in links, the parents' and (through a key derived from it) operators'. */
  accessLinkSecret: string;
  /** Draws a kit page as a PDF (on the render threads, off the event loop). */
  renderPdf: (request: RenderRequest) => Promise<Buffer>;
  errors: ErrorReporter;
  /** What an email says of a subscription (whether it can still be kept) holds at this moment. */
  now: () => Date;
};

/** The parent a queued email is about, as the composers read them. */
export type ParentRow = {
  userId: string;
  token: string;
  locale: Locale;
  kidName: string | null;
  countryCode: string | null;
  topics: string[];
  purchasePath: string;
  isForbiddenToMailing: boolean;
};
export type MessageRow = { recipient: string; args: string[]; parent: ParentRow | undefined };
export type ParentMessage = MessageRow & { parent: ParentRow };
/** What a composer works with: the worker's dependencies, and this message's counted link to a page. */
export type ComposeDeps = ComposerDeps & { track: (url: string) => string };
export type Composer = (
  deps: ComposeDeps,
  message: MessageRow,
) => Promise<OutgoingMail | undefined> | OutgoingMail | undefined;

/**
 * A page of the parent's, signed in by their token (and `query`) as every emailed link is,
 * through the message's counted link.
 */
export function parentUrl(
  deps: ComposeDeps,
  parent: ParentRow,
  path: string,
  query: Record<string, string> = {},
): string {
  const url = new URL(localizePath(path, parent.locale), deps.appUrl);
  url.search = new URLSearchParams({ token: parent.token, ...query }).toString();
  return deps.track(url.toString());
}

// Written out in a sentence (how to cancel without signing in), so it stays the plain address.
export const cancelPageUrl = (deps: ComposeDeps, locale: Locale) =>
  new URL(localizePath(cancelPagePath, locale), deps.appUrl).toString();
