import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Database, Transaction } from "@kinderready/db/open-db";
import { auditLog, operatorSessions, operators } from "@kinderready/db/schema";
import { and, eq, gt, lt } from "drizzle-orm";
import { AppError, AppErrorCode } from "../app-error.ts";
import {
  allowAttempt,
  forgetThrottleKeys,
  recentAttempts,
  recordAttempts,
  throttleKey,
} from "../request-throttle.server.ts";
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

export async function hashPassword(password: string): Promise<string> {
  if (password.length < minPasswordLength) {
    throw new AppError(AppErrorCode.Invalid, "password", `must be at least ${minPasswordLength} characters`);
  }
  return hashWithArgon(password);
}

const normaliseEmail = (email: string) => email.trim().toLowerCase();
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

export async function recordAudit(
  db: Database | Transaction,
  entry: { operatorId: string | null; action: string; target?: string; details?: Record<string, unknown> },
): Promise<void> {
  await db.insert(auditLog).values({
    operatorId: entry.operatorId,
    action: entry.action,
    target: entry.target ?? null,
    details: entry.details ?? {},
  });
}

/** Creates an operator (the CLI, or the first one at start); an existing email is a conflict. */
export async function createOperator(
  db: Database,
  input: { email: string; password: string; createdBy: string | null },
): Promise<{ id: string; email: string }> {
  const email = normaliseEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(operators)
      .values({ email, passwordHash })
      .onConflictDoNothing({ target: operators.email })
      .returning({ id: operators.id, email: operators.email });
    if (!created) throw new AppError(AppErrorCode.Conflict, "email", "An operator with this email exists");
    await recordAudit(tx, { operatorId: input.createdBy, action: "operator.created", target: email });
    return created;
  });
}

/** At start: the first operator from ADMIN_EMAIL and ADMIN_PASSWORD, unless that email exists. */
export async function ensureFirstOperator(db: Database, input: { email: string; password: string }): Promise<boolean> {
  const [existing] = await db
    .select({ id: operators.id })
    .from(operators)
    .where(eq(operators.email, normaliseEmail(input.email)));
  if (existing) return false;
  await createOperator(db, { ...input, createdBy: null });
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
  db: Database,
  input: { email: string; password: string; clientAddress: string; now: Date },
): Promise<OperatorSession> {
  const email = normaliseEmail(input.email);
  const address = input.clientAddress;
  return oneAtATimePerAddress(address, async () => {
    const allowed = await allowAttempt(
      db,
      [{ key: throttleKey("operator-sign-in", address), ...attemptsPerAddress }],
      input.now,
    );
    if (!allowed) throw throttled(attemptsPerAddress.windowMinutes * 60);
    const [operator] = await db
      .select({ id: operators.id, email: operators.email, passwordHash: operators.passwordHash })
      .from(operators)
      .where(eq(operators.email, email));
    const audit = (action: string, details: Record<string, unknown>) =>
      recordAudit(db, {
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
          await recentAttempts(db, keys.pair, addressBackoff.windowMinutes, input.now),
        ),
      },
      {
        scope: "account",
        until: backoffUntil(
          accountBackoff,
          await recentAttempts(db, keys.account, accountBackoff.windowMinutes, input.now),
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
      await recordAttempts(db, [keys.pair, keys.account], input.now);
      await audit("sign-in.failed", { reason: operator ? "password" : "unknown" });
      throw refused();
    }
    return startOperatorSession(db, { operator, address, now: input.now, method: "password" });
  });
}

/**
 * Starts a session for an operator who proved who they are (the password, or an emailed link)
 * from this address: their wrong passwords from it are forgiven, and the sign-in is audited.
 */
export async function startOperatorSession(
  db: Database,
  input: { operator: { id: string; email: string }; address: string; now: Date; method: "password" | "link" },
): Promise<OperatorSession> {
  const { operator, address, now } = input;
  const token = randomBytes(32).toString("base64url");
  const csrfToken = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + sessionLifetime.absoluteHours * 3_600_000);
  await db.transaction(async (tx) => {
    await tx.update(operators).set({ lastLoginAt: now }).where(eq(operators.id, operator.id));
    await forgetThrottleKeys(tx, [wrongPasswordKeys(operator.email, address).pair]);
    await tx.delete(operatorSessions).where(lt(operatorSessions.expiresAt, now));
    await tx.insert(operatorSessions).values({
      tokenHash: sha256(token),
      operatorId: operator.id,
      csrfToken,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
    });
    await recordAudit(tx, { operatorId: operator.id, action: "sign-in", details: { address, method: input.method } });
  });
  return { token, csrfToken, expiresAt };
}

export type SignedInOperator = { id: string; email: string; csrfToken: string };

/**
 * The operator behind a session cookie, or undefined: unknown, past its 12 hours, or idle for
 * two. Each use moves the idle clock.
 */
export async function authenticateOperator(
  db: Database,
  input: { token: string; now: Date },
): Promise<SignedInOperator | undefined> {
  const idleSince = new Date(input.now.getTime() - sessionLifetime.idleMinutes * 60_000);
  const [session] = await db
    .select({ id: operators.id, email: operators.email, csrfToken: operatorSessions.csrfToken })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      and(
        eq(operatorSessions.tokenHash, sha256(input.token)),
        gt(operatorSessions.expiresAt, input.now),
        gt(operatorSessions.lastSeenAt, idleSince),
      ),
    );
  if (!session) return undefined;
  await db
    .update(operatorSessions)
    .set({ lastSeenAt: input.now })
    .where(eq(operatorSessions.tokenHash, sha256(input.token)));
  return session;
}

/** A change from the console carries the session's CSRF token; compared in constant time. */
export function checkCsrf(operator: SignedInOperator, given: string | undefined): boolean {
  const expected = Buffer.from(operator.csrfToken);
  const received = Buffer.from(given ?? "");
  return received.length === expected.length && timingSafeEqual(received, expected);
}

export async function signOutOperator(db: Database, input: { token: string; operatorId: string }): Promise<void> {
  await db.delete(operatorSessions).where(eq(operatorSessions.tokenHash, sha256(input.token)));
  await recordAudit(db, { operatorId: input.operatorId, action: "sign-out" });
}
