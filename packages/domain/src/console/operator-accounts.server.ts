import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Database, Transaction } from "@kinderready/db/open-db";
import { auditLog, operatorSessions, operators } from "@kinderready/db/schema";
import { and, eq, gt, lt } from "drizzle-orm";
import { argon2id, argon2Verify } from "hash-wasm";
import { DomainError } from "../domain-error.ts";
import { allowAttempt, throttleKey } from "../profile/request-throttle.server.ts";

// Operator accounts for the console: argon2id password hashes, sessions whose cookie holds a
// random token (the table keeps its SHA-256), a CSRF token per session, lock-out after five
// wrong passwords, a per-address limit on attempts, and an audit log of every sign-in and change.

/** OWASP's argon2id baseline: 19 MiB, two passes, one lane (about 50 ms here). */
const argonCost = { memorySize: 19_456, iterations: 2, parallelism: 1, hashLength: 32 } as const;
export const lockout = { attempts: 5, minutes: 15 } as const;
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

/**
 * Signs an operator in. Wrong passwords count towards a lock-out (five lock the account for 15
 * minutes, even with the right password); an address trying too often is refused first.
 */
export async function signInOperator(
  db: Database,
  input: { email: string; password: string; clientAddress: string; now: Date },
): Promise<OperatorSession> {
  const email = normaliseEmail(input.email);
  const allowed = await allowAttempt(
    db,
    [{ key: throttleKey("operator-sign-in", input.clientAddress), ...attemptsPerAddress }],
    input.now,
  );
  if (!allowed)
    throw new DomainError("rate-limited", "email", "Too many sign-in attempts from this address", "throttled");
  const [operator] = await db.select().from(operators).where(eq(operators.email, email));
  if (!operator) {
    await argon2Verify({ password: input.password, hash: await decoy() });
    await recordAudit(db, {
      operatorId: null,
      action: "sign-in.failed",
      target: email,
      details: { reason: "unknown" },
    });
    throw refused();
  }
  if (operator.lockedUntil && operator.lockedUntil > input.now) {
    await recordAudit(db, { operatorId: operator.id, action: "sign-in.failed", details: { reason: "locked" } });
    throw new DomainError(
      "rate-limited",
      "email",
      "This account is locked for a while after too many wrong passwords",
      "locked",
    );
  }
  if (!(await argon2Verify({ password: input.password, hash: operator.passwordHash }))) {
    const failed = operator.failedLogins + 1;
    const locks = failed >= lockout.attempts;
    await db
      .update(operators)
      .set({
        failedLogins: locks ? 0 : failed,
        lockedUntil: locks ? new Date(input.now.getTime() + lockout.minutes * 60_000) : operator.lockedUntil,
      })
      .where(eq(operators.id, operator.id));
    await recordAudit(db, {
      operatorId: operator.id,
      action: locks ? "sign-in.locked" : "sign-in.failed",
      details: { reason: "password", attempt: failed },
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
    await tx.delete(operatorSessions).where(lt(operatorSessions.expiresAt, input.now));
    await tx.insert(operatorSessions).values({
      tokenHash: sha256(token),
      operatorId: operator.id,
      csrfToken,
      createdAt: input.now,
      lastSeenAt: input.now,
      expiresAt,
    });
    await recordAudit(tx, { operatorId: operator.id, action: "sign-in" });
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
