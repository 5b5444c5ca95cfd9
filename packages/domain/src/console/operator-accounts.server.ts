import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Database } from "@kinderready/db/open-db";
import { AppError, AppErrorCode } from "../app-error.ts";
import { allowAttempt, throttleKey } from "../request-throttle.server.ts";
import { forgetThrottleKeys, recentAttempts, recordAttempts } from "../request-throttle-queries.server.ts";
import { insertAuditEntry } from "./audit-log-queries.server.ts";
import {
  deleteExpiredOperatorSessions,
  deleteOperatorSession,
  findLiveOperatorSession,
  findOperatorCredentials,
  findOperatorIdByEmail,
  insertOperator,
  insertOperatorSession,
  updateOperatorLastLogin,
  updateOperatorSessionSeen,
} from "./operator-queries.server.ts";
import {
  decoyHash,
  hashPassword as hashWithArgon,
  verifyPassword,
  waitAsLongAsAHash,
} from "./password-hashing.server.ts";
import { accountBackoff, addressBackoff, backoffUntil } from "./sign-in-backoff.ts";

// Operator accounts for the console: argon2id password hashes (off the event loop), sessions
// whose cookie holds a random token (the table keeps its SHA-256), a CSRF token per session,
// waits after wrong passwords, limits per client address, and an audit log of every sign-in.

export const sessionLifetime = { idleMinutes: 120, absoluteHours: 12 } as const;
/** Sign-in attempts per client address (any accounts), per quarter hour. */
const attemptsPerAddress = { max: 30, windowMinutes: 15 } as const;
/**
 * Sign-ins from one client address being worked on at once in this process: one address cannot
 * take every place the hashing gate has (two, for colleagues behind one office address).
 */
export const inFlightPerAddress = 2;

export const minPasswordLength = 12;

export type OperatorDeps = { db: Database };

export async function hashPassword(password: string): Promise<string> {
  if (password.length < minPasswordLength) {
    throw new AppError(AppErrorCode.Invalid, "password", `must be at least ${minPasswordLength} characters`);
  }
  return hashWithArgon(password);
}

const normaliseEmail = (email: string) => email.trim().toLowerCase();
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** Creates an operator (the CLI, or the first one at start); an existing email is a conflict. */
export async function createOperator(
  deps: OperatorDeps,
  input: { email: string; password: string; createdBy: string | null },
): Promise<{ id: string; email: string }> {
  const email = normaliseEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  return deps.db.transaction(async (tx) => {
    const created = await insertOperator(tx, { email, passwordHash });
    if (!created) throw new AppError(AppErrorCode.Conflict, "email", "An operator with this email exists");
    await insertAuditEntry(tx, { operatorId: input.createdBy, action: "operator.created", target: email });
    return created;
  });
}

/** At start: the first operator from ADMIN_EMAIL and ADMIN_PASSWORD, unless that email exists. */
export async function ensureFirstOperator(
  deps: OperatorDeps,
  input: { email: string; password: string },
): Promise<boolean> {
  const existing = await findOperatorIdByEmail(deps.db, normaliseEmail(input.email));
  if (existing) return false;
  await createOperator(deps, { ...input, createdBy: null });
  return true;
}

export type OperatorSession = { token: string; csrfToken: string; expiresAt: Date };

// The message keys are the console catalogue's (sign-in page). One refusal for a wrong password,
// an unknown email and an email in backoff alike: the answer tells nobody which it was.
const refused = () =>
  new AppError(
    AppErrorCode.Invalid,
    "password",
    "Wrong email or password, or too many wrong ones lately",
    "credentials",
  );
const throttled = (retryAfterSeconds: number) =>
  new AppError(AppErrorCode.RateLimited, "email", "Too many sign-in attempts from this address", "throttled", {
    retryAfterSeconds,
  });

/** The throttle keys wrong passwords for an email are counted under: from this address, and from anywhere. */
const wrongPasswordKeys = (email: string, address: string) => ({
  pair: throttleKey("operator-password-address", `${email} ${address}`),
  account: throttleKey("operator-password", email),
});

const addressesSigningIn = new Map<string, number>();

/** Runs one sign-in for the address, refused at once while the address has `inFlightPerAddress` under way. */
async function oneAtATimePerAddress<T>(address: string, work: () => Promise<T>): Promise<T> {
  const current = addressesSigningIn.get(address) ?? 0;
  if (current >= inFlightPerAddress) throw throttled(1);
  addressesSigningIn.set(address, current + 1);
  try {
    return await work();
  } finally {
    const left = (addressesSigningIn.get(address) ?? 1) - 1;
    if (left > 0) addressesSigningIn.set(address, left);
    else addressesSigningIn.delete(address);
  }
}

/**
 * Signs an operator in with a password. Refused at once, before any hash: an address with a
 * sign-in under way or past its quarter hour's attempts ("throttled", 429), and a process whose
 * hashing gate is full ("busy", 503). An email in backoff after wrong passwords (per address
 * and from anywhere, sign-in-backoff.ts) is refused as a wrong password is, after as long,
 * without a hash. Unknown emails are counted, waited and hashed (against a decoy) exactly as
 * operators' are. Wrong passwords never end a session. Every attempt is audited with its address.
 */
export function signInOperator(
  deps: OperatorDeps,
  input: { email: string; password: string; clientAddress: string; now: Date },
): Promise<OperatorSession> {
  const email = normaliseEmail(input.email);
  const address = input.clientAddress;
  return oneAtATimePerAddress(address, async () => {
    const allowed = await allowAttempt(
      deps,
      [{ key: throttleKey("operator-sign-in", address), ...attemptsPerAddress }],
      input.now,
    );
    if (!allowed) throw throttled(attemptsPerAddress.windowMinutes * 60);
    const operator = await findOperatorCredentials(deps.db, email);
    const audit = (action: string, details: Record<string, unknown>) =>
      insertAuditEntry(deps.db, {
        operatorId: operator?.id ?? null,
        action,
        ...(!operator && { target: email }),
        details: { address, ...details },
      });
    const keys = wrongPasswordKeys(email, address);
    const waits = [
      {
        scope: "address",
        until: backoffUntil(
          addressBackoff,
          await recentAttempts(deps.db, keys.pair, addressBackoff.windowMinutes, input.now),
        ),
      },
      {
        scope: "account",
        until: backoffUntil(
          accountBackoff,
          await recentAttempts(deps.db, keys.account, accountBackoff.windowMinutes, input.now),
        ),
      },
    ].filter((wait) => wait.until && wait.until > input.now);
    if (waits.length > 0) {
      await audit("sign-in.failed", { reason: "backoff", scope: waits.map((wait) => wait.scope).join(" ") });
      await waitAsLongAsAHash();
      throw refused();
    }
    const matches = await verifyPassword(input.password, operator?.passwordHash ?? decoyHash);
    if (!operator || !matches) {
      await recordAttempts(deps.db, [keys.pair, keys.account], input.now);
      await audit("sign-in.failed", { reason: operator ? "password" : "unknown" });
      throw refused();
    }
    return startOperatorSession(deps, { operator, address, now: input.now, method: "password" });
  });
}

/**
 * Starts a session for an operator who proved who they are (the password, or an emailed link)
 * from this address: their wrong passwords from it are forgiven, and the sign-in is audited.
 */
export async function startOperatorSession(
  deps: OperatorDeps,
  input: { operator: { id: string; email: string }; address: string; now: Date; method: "password" | "link" },
): Promise<OperatorSession> {
  const { operator, address, now } = input;
  const token = randomBytes(32).toString("base64url");
  const csrfToken = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + sessionLifetime.absoluteHours * 3_600_000);
  await deps.db.transaction(async (tx) => {
    await updateOperatorLastLogin(tx, operator.id, now);
    await forgetThrottleKeys(tx, [wrongPasswordKeys(operator.email, address).pair]);
    await deleteExpiredOperatorSessions(tx, now);
    await insertOperatorSession(tx, {
      tokenHash: sha256(token),
      operatorId: operator.id,
      csrfToken,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
    });
    await insertAuditEntry(tx, {
      operatorId: operator.id,
      action: "sign-in",
      details: { address, method: input.method },
    });
  });
  return { token, csrfToken, expiresAt };
}

export type SignedInOperator = { id: string; email: string; csrfToken: string };

/**
 * The operator behind a session cookie, or undefined: unknown, past its 12 hours, or idle for
 * two. Each use moves the idle clock.
 */
export async function authenticateOperator(
  deps: OperatorDeps,
  input: { token: string; now: Date },
): Promise<SignedInOperator | undefined> {
  const idleSince = new Date(input.now.getTime() - sessionLifetime.idleMinutes * 60_000);
  const tokenHash = sha256(input.token);
  const session = await findLiveOperatorSession(deps.db, { tokenHash, now: input.now, idleSince });
  if (!session) return undefined;
  await updateOperatorSessionSeen(deps.db, tokenHash, input.now);
  return session;
}

/** A change from the console carries the session's CSRF token; compared in constant time. */
export function checkCsrf(operator: SignedInOperator, given: string | undefined): boolean {
  const expected = Buffer.from(operator.csrfToken);
  const received = Buffer.from(given ?? "");
  return received.length === expected.length && timingSafeEqual(received, expected);
}

export async function signOutOperator(deps: OperatorDeps, input: { token: string; operatorId: string }): Promise<void> {
  await deleteOperatorSession(deps.db, sha256(input.token));
  await insertAuditEntry(deps.db, { operatorId: input.operatorId, action: "sign-out" });
}
