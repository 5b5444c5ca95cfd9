import { createHmac, timingSafeEqual } from "node:crypto";
import type { Database } from "@kinderready/db/open-db";
import { countEmailClick } from "./email-message-queries.server.ts";

// The links in an email to the product's own pages go through one address that counts the click
// for that message and sends the parent on: how many of each kind were clicked shows on the
// console's emails page. No tracking pixel: opening a mail tells nobody anything. Each link is
// signed for its message and its page, so the address can neither be pointed elsewhere (it only
// ever leads to a page of this site) nor count clicks for another message.

/** Where the counted links go: `/l/{message}/{signature}?to={path}`. */
export const emailLinkPrefix = "/l/";

const signature = (secret: string, messageId: string, path: string) =>
  createHmac("sha256", secret).update(`email-link|${messageId}|${path}`).digest("base64url").slice(0, 32);

/**
 * The address that counts a click on `target` for this message; a target off this site (a
 * mailto:, another site) is left as it is.
 */
export function trackedLink(input: { appUrl: string; secret: string; messageId: string; target: string }): string {
  const site = new URL(input.appUrl);
  const target = new URL(input.target, site);
  if (target.origin !== site.origin) return input.target;
  const path = `${target.pathname}${target.search}${target.hash}`;
  const link = new URL(`${emailLinkPrefix}${input.messageId}/${signature(input.secret, input.messageId, path)}`, site);
  link.searchParams.set("to", path);
  return link.toString();
}

/**
 * A followed link: counts the click on its message and answers the page to send the parent to
 * (a path on this site), or undefined for a link this site did not sign. A message since erased
 * with the parent's data counts nothing, and the parent still goes on.
 */
export async function followEmailLink(
  deps: { db: Database; secret: string; now: () => Date },
  input: { messageId: string; signature: string; to: string },
): Promise<string | undefined> {
  // Only a path of this site: never "//elsewhere" or "https://elsewhere".
  if (!input.to.startsWith("/") || input.to.startsWith("//") || input.to.startsWith("/\\")) return undefined;
  const expected = Buffer.from(signature(deps.secret, input.messageId, input.to));
  const given = Buffer.from(input.signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  if (/^[0-9a-f-]{36}$/.test(input.messageId)) {
    await countEmailClick(deps.db, input.messageId, deps.now());
  }
  return input.to;
}
