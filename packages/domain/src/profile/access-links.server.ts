import type { Database } from "@kinderready/db/open-db";
import { AppError, AppErrorCode } from "../app-error.ts";
import { accessLinkMinutes, verifyAccessCode } from "../email/access-code.server.ts";
import { type EmailQueue, enqueueEmail } from "../email/email-queue.server.ts";
import { allowAttempt, throttleKey } from "../request-throttle.server.ts";
import {
  findUsableAccessLink,
  insertAccessLink,
  insertAccessLinkEmail,
  markAccessLinkUsed,
} from "./access-link-queries.server.ts";
import { findParentIdByEmail, findUnerasedParentId } from "./parent-queries.server.ts";
import { type ParentSession, startParentSession } from "./parent-sessions.server.ts";

// A parent on a new device asks for a sign-in link by email. The answer is the same whether or
// not the address is known (nobody learns who is a customer); requests are limited per address
// and per client; a link works once, for half an hour, and only its id is stored: the code in
// the link is an HMAC of the id under a server key (email/access-code.server.ts).

/** Per address: enough for a parent who lost the first email, too few to flood an inbox. */
const perEmail = { max: 3, windowMinutes: 60 };
const perClient = { max: 10, windowMinutes: 60 };

export type AccessLinkDeps = { db: Database; emails: EmailQueue; now: () => Date };

/**
 * Sends a sign-in link to the parent with this email, if there is one. Throws `rate-limited`
 * past the limits, for known and unknown addresses alike.
 */
export async function requestAccessLink(
  deps: AccessLinkDeps,
  input: { email: string; clientAddress: string },
): Promise<void> {
  const now = deps.now();
  const allowed = await allowAttempt(
    deps,
    [
      { key: throttleKey("access-email", input.email), ...perEmail },
      { key: throttleKey("access-client", input.clientAddress), ...perClient },
    ],
    now,
  );
  if (!allowed) {
    throw new AppError(AppErrorCode.RateLimited, "email", "Too many sign-in links asked for", "profile.signIn.tooMany");
  }
  const messageId = await deps.db.transaction(async (tx) => {
    const user = await findParentIdByEmail(tx, input.email);
    if (!user) return undefined;
    const link = await insertAccessLink(tx, {
      userId: user.id,
      expiresAt: new Date(now.getTime() + accessLinkMinutes * 60_000),
      createdAt: now,
    });
    if (!link) throw new Error("access link not stored");
    return insertAccessLinkEmail(tx, { userId: user.id, linkId: link.id, recipient: input.email });
  });
  if (messageId) await enqueueEmail(deps.emails, messageId);
}

/** Whether a code is a live link (for the page that asks the parent to confirm signing in). */
export async function checkAccessLink(
  deps: Pick<AccessLinkDeps, "db" | "now">,
  input: { secret: string; code: string },
): Promise<boolean> {
  const id = verifyAccessCode(input.secret, input.code);
  if (!id) return false;
  const link = await findUsableAccessLink(deps.db, { id, now: deps.now() });
  return link !== undefined;
}

/**
 * Signs in with a link: uses it up and starts a session on this device (ending the one it held),
 * or answers undefined when the link is forged, used, expired or its parent's data was erased.
 * Two clicks racing: one wins.
 */
export async function signInWithAccessLink(
  deps: Pick<AccessLinkDeps, "db" | "now">,
  input: { secret: string; code: string; replacing?: string | undefined },
): Promise<ParentSession | undefined> {
  const id = verifyAccessCode(input.secret, input.code);
  if (!id) return undefined;
  const now = deps.now();
  const link = await markAccessLinkUsed(deps.db, { id, now });
  if (!link) return undefined;
  const user = await findUnerasedParentId(deps.db, link.userId);
  if (!user) return undefined;
  // Using the emailed link proves the device belongs to whoever reads the parent's mail.
  return startParentSession(deps, { userId: user.id, replacing: input.replacing, verified: true });
}
