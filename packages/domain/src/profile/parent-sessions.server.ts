import { createHash, randomBytes } from "node:crypto";
import type { Database } from "@kinderready/db/open-db";
import type { Parent } from "../parents/find-parent.server.ts";
import {
  deleteEndedParentSessions,
  deleteOtherParentSessions,
  deleteParentSession,
  findParentBySession,
  insertParentSession,
  updateSessionLastSeen,
} from "./parent-session-queries.server.ts";
import { parentSessionDays } from "./profile-rules.ts";

// Signed-in parents. A session starts only where the server saw the device act for the parent
// (the quiz post that created the account, a checkout it started, an emailed one-time link),
// never from a token in an address. A session is verified once the device proved it is the
// parent's: the emailed link used on it, or a payment it started settling. Only a verified
// session spends money or changes the account; an unverified one opens the parent's pages as
// their link does. The browser holds a random id; the table holds its SHA-256, so a database
// reader cannot sign in and a session ends by deleting its row. A session lasts a fixed 180
// days from sign-in: a new sign-in is the only way to extend it.

export type SessionDeps = { db: Database; now: () => Date };

export type ParentSession = { id: string; expiresAt: Date };

/** 32 random bytes, base64url: what the cookie carries. */
const sessionIdPattern = /^[A-Za-z0-9_-]{43}$/;

/** Last-seen is for the parent's list of devices and for support, not security: an hour is fine-grained enough. */
const lastSeenEveryMs = 60 * 60 * 1000;

/** What the table keeps of a session id (and an order keeps of the session that went to pay it). */
export const sessionDigest = (id: string) => createHash("sha256").update(id).digest("hex");
const digest = sessionDigest;

/** The parent a device's session is for, and whether the device proved it is theirs. */
export type SessionParent = { parent: Parent; verified: boolean };

/**
 * Signs a parent in on a device: a new session id every time. The session this device held
 * before (`replacing`, whoever it was for) ends, and so do the parent's expired ones. `verified`:
 * the device proved it is the parent's (an emailed link).
 */
export async function startParentSession(
  deps: SessionDeps,
  input: { userId: string; replacing?: string | undefined; verified: boolean },
): Promise<ParentSession> {
  const now = deps.now();
  const id = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + parentSessionDays * 24 * 60 * 60 * 1000);
  await deps.db.transaction(async (tx) => {
    await deleteEndedParentSessions(tx, {
      userId: input.userId,
      now,
      replacingHash: input.replacing && sessionIdPattern.test(input.replacing) ? digest(input.replacing) : undefined,
    });
    await insertParentSession(tx, {
      idHash: digest(id),
      userId: input.userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      verifiedAt: input.verified ? now : null,
    });
  });
  return { id, expiresAt };
}

/** The parent a session id signs in; nobody for an unknown, ended or expired session or an erased parent. */
export async function findSessionParent(
  deps: SessionDeps,
  input: { sessionId: string | undefined },
): Promise<SessionParent | undefined> {
  if (!input.sessionId || !sessionIdPattern.test(input.sessionId)) return undefined;
  const now = deps.now();
  const idHash = digest(input.sessionId);
  const found = await findParentBySession(deps.db, { idHash, now });
  if (!found) return undefined;
  if (now.getTime() - found.lastSeenAt.getTime() > lastSeenEveryMs) {
    await updateSessionLastSeen(deps.db, { idHash, now });
  }
  return { parent: found.parent, verified: found.verifiedAt !== null };
}

/** Signs a device out: its session id opens nothing any more, wherever the cookie was copied. */
export async function endParentSession(deps: Pick<SessionDeps, "db">, input: { sessionId: string | undefined }) {
  if (!input.sessionId || !sessionIdPattern.test(input.sessionId)) return;
  await deleteParentSession(deps.db, digest(input.sessionId));
}

/**
 * Signs the parent out everywhere but this device: every other session of theirs ends, wherever
 * its cookie went. Only a verified session may (the caller checks it). Answers how many ended.
 */
export async function endOtherParentSessions(
  deps: Pick<SessionDeps, "db">,
  input: { userId: string; keep: string },
): Promise<number> {
  const ended = await deleteOtherParentSessions(deps.db, { userId: input.userId, keepHash: digest(input.keep) });
  return ended.length;
}
