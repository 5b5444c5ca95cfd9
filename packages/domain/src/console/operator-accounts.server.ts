import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Database, Transaction } from "@kinderready/db/open-db";
import { auditLog, operatorSessions, operatorSignInFailures, operators } from "@kinderready/db/schema";
import { and, eq, gt, lt, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { argon2id, argon2Verify } from "hash-wasm";
import { DomainError } from "../domain-error.ts";
import { allowAttempt, throttleKey } from "../request-throttle.server.ts";

// Operator accounts for the console: argon2id password hashes, sessions whose cookie holds a
// random token (the table keeps its SHA-256), a CSRF token per session, lock-outs after wrong
// passwords, a per-address limit on attempts, and an audit log of every sign-in and change.

/** OWASP's argon2id baseline: 19 MiB, two passes, one lane (about 50 ms here). */
const argonCost = { memorySize: 19_456, iterations: 2, parallelism: 1, hashLength: 32 } as const;
/**
 * Wrong passwords for one account from one address that lock that pair: whoever guesses locks
 * out their own address, never the operator signing in from another.
 */
export const lockout = { attempts: 5, minutes: 15 } as const;
/**
 * Wrong passwords for one account from all addresses together (since its last sign-in or its
 * last lock) that lock it everywhere and end its sessions: guessing from many addresses gets
 * at most 50 tries before an hour's pause.
 */
export const accountLockout = { attempts: 50, minutes: 60 } as const;
export const sessionLifetime = { idleMinutes: 120, absoluteHours: 12 } as const;
/** Sign-in attempts per client address (any accounts), per quarter hour. */
const attemptsPerAddress = { max: 30, windowMinutes: 15 } as const;

export const minPasswordLength = 12;

export async function hashPassword(password: string): Promise<string> {
  if (password.length < minPasswordLength) {
    throw new DomainError("invalid", "password", `must be at least ${minPasswordLength} characters`);
  }
  return argon2id({ ...argonCost, password, salt: randomBytes(16), outputType: "encoded" });
}

// Verified against when the email is unknown, so both answers take the same time. Made on first
// need, not when the server starts (an argon2id hash costs about 50 ms).
let decoyHash: Promise<string> | undefined;
const decoy = () => {
  decoyHash ??= argon2id({ ...argonCost, password: "decoy", salt: randomBytes(16), outputType: "encoded" });
  return decoyHash;
};

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
    if (!created) throw new DomainError("conflict", "email", "An operator with this email exists");
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

// The message keys are the console catalogue's (sign-in page).
const refused = () => new DomainError("invalid", "password", "Wrong email or password", "credentials");

/** An empty password matches no hash (argon2 refuses to verify one: it would throw). */
async function passwordMatches(password: string, hash: string): Promise<boolean> {
  return password !== "" && (await argon2Verify({ password, hash }));
}

const timestamp = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const minutesAfter = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

/**
 * The SET of one more wrong password against a failures counter and its lock, evaluated on the
 * stored row so parallel requests never lose a count: a lock that has run out starts the count
 * again; reaching the limit locks until `minutes` from now; a lock already set is never stretched.
 */
function oneMoreFailure(
  columns: { failures: PgColumn; lockedUntil: PgColumn },
  rule: { attempts: number; minutes: number },
  now: Date,
): { failures: SQL; lockedUntil: SQL } {
  const { failures, lockedUntil } = columns;
  const lockOver = sql`${lockedUntil} <= ${timestamp(now)}`;
  return {
    failures: sql`case when ${lockOver} then 1 else ${failures} + 1 end`,
    lockedUntil: sql`case when ${lockOver} then null
      when ${failures} + 1 >= ${rule.attempts} then coalesce(${lockedUntil}, ${timestamp(minutesAfter(now, rule.minutes))})
      else ${lockedUntil} end`,
  };
}

/**
 * Counts a wrong password for the operator from the address and for the account, each in one
 * statement, and says which limit this very attempt reached. Reaching the account's limit ends
 * all its sessions, as any lock of the whole account does.
 */
async function recordWrongPassword(
  db: Database,
  input: { operatorId: string; address: string; now: Date },
): Promise<{ addressFailures: number; accountFailures: number; locks: "address" | "account" | undefined }> {
  const [pair] = await db
    .insert(operatorSignInFailures)
    .values({ operatorId: input.operatorId, address: input.address, failures: 1, updatedAt: input.now })
    .onConflictDoUpdate({
      target: [operatorSignInFailures.operatorId, operatorSignInFailures.address],
      set: { ...oneMoreFailure(operatorSignInFailures, lockout, input.now), updatedAt: input.now },
    })
    .returning({ failures: operatorSignInFailures.failures });
  const nextAccount = oneMoreFailure(
    { failures: operators.failedLogins, lockedUntil: operators.lockedUntil },
    accountLockout,
    input.now,
  );
  const [account] = await db
    .update(operators)
    .set({ failedLogins: nextAccount.failures, lockedUntil: nextAccount.lockedUntil })
    .where(eq(operators.id, input.operatorId))
    .returning({ failures: operators.failedLogins });
  const addressFailures = pair?.failures ?? 0;
  const accountFailures = account?.failures ?? 0;
  if (accountFailures === accountLockout.attempts) {
    await db.delete(operatorSessions).where(eq(operatorSessions.operatorId, input.operatorId));
    return { addressFailures, accountFailures, locks: "account" };
  }
  return { addressFailures, accountFailures, locks: addressFailures === lockout.attempts ? "address" : undefined };
}

/**
 * Signs an operator in. An address trying too often is refused first. Wrong passwords count per
 * account and address (five lock that pair for 15 minutes, even with the right password) and per
 * account (fifty from anywhere lock it everywhere for an hour and end its sessions). Every entry
 * in the audit log names the source address.
 */
export async function signInOperator(
  db: Database,
  input: { email: string; password: string; clientAddress: string; now: Date },
): Promise<OperatorSession> {
  const email = normaliseEmail(input.email);
  const address = input.clientAddress;
  const allowed = await allowAttempt(
    db,
    [{ key: throttleKey("operator-sign-in", address), ...attemptsPerAddress }],
    input.now,
  );
  if (!allowed)
    throw new DomainError("rate-limited", "email", "Too many sign-in attempts from this address", "throttled");
  const [operator] = await db.select().from(operators).where(eq(operators.email, email));
  if (!operator) {
    await passwordMatches(input.password, await decoy());
    await recordAudit(db, {
      operatorId: null,
      action: "sign-in.failed",
      target: email,
      details: { reason: "unknown", address },
    });
    throw refused();
  }
  /** A locked sign-in is refused before the password is looked at, and the refusal audited. */
  const refuseLocked = async (scope: "account" | "address", message: string, messageKey: string) => {
    await recordAudit(db, {
      operatorId: operator.id,
      action: "sign-in.failed",
      details: { reason: "locked", scope, address },
    });
    return new DomainError("rate-limited", "email", message, messageKey);
  };
  if (operator.lockedUntil && operator.lockedUntil > input.now) {
    throw await refuseLocked(
      "account",
      "This account is locked for a while after too many wrong passwords from many addresses",
      "accountLocked",
    );
  }
  const [pair] = await db
    .select({ lockedUntil: operatorSignInFailures.lockedUntil })
    .from(operatorSignInFailures)
    .where(and(eq(operatorSignInFailures.operatorId, operator.id), eq(operatorSignInFailures.address, address)));
  if (pair?.lockedUntil && pair.lockedUntil > input.now) {
    throw await refuseLocked(
      "address",
      "Signing in to this account from this address is locked for a while after too many wrong passwords",
      "locked",
    );
  }
  if (!(await passwordMatches(input.password, operator.passwordHash))) {
    const counted = await recordWrongPassword(db, { operatorId: operator.id, address, now: input.now });
    await recordAudit(db, {
      operatorId: operator.id,
      action: counted.locks ? "sign-in.locked" : "sign-in.failed",
      details: {
        reason: "password",
        address,
        attempt: counted.addressFailures,
        accountAttempt: counted.accountFailures,
        ...(counted.locks && { scope: counted.locks }),
      },
    });
    throw refused();
  }
  const token = randomBytes(32).toString("base64url");
  const csrfToken = randomBytes(32).toString("base64url");
  const expiresAt = new Date(input.now.getTime() + sessionLifetime.absoluteHours * 3_600_000);
  await db.transaction(async (tx) => {
    await tx
      .update(operators)
      .set({ failedLogins: 0, lockedUntil: null, lastLoginAt: input.now })
      .where(eq(operators.id, operator.id));
    await tx
      .delete(operatorSignInFailures)
      .where(and(eq(operatorSignInFailures.operatorId, operator.id), eq(operatorSignInFailures.address, address)));
    await tx.delete(operatorSessions).where(lt(operatorSessions.expiresAt, input.now));
    await tx.insert(operatorSessions).values({
      tokenHash: sha256(token),
      operatorId: operator.id,
      csrfToken,
      createdAt: input.now,
      lastSeenAt: input.now,
      expiresAt,
    });
    await recordAudit(tx, { operatorId: operator.id, action: "sign-in", details: { address } });
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
