import type { DbHandle } from "@kinderready/db/open-db";
import { auditLog, operatorSessions, operatorSignInFailures, operators } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { and, eq, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DomainError } from "../domain-error.ts";
import {
  accountLockout,
  authenticateOperator,
  checkCsrf,
  createOperator,
  ensureFirstOperator,
  lockout,
  sessionLifetime,
  signInOperator,
  signOutOperator,
} from "./operator-accounts.server.ts";

const password = "a long operator passphrase";

describe.each(testDatabases())("operator accounts on $name", (target) => {
  let database: DbHandle;
  let address = 0;
  // Each test signs in from an address of its own, so the per-address limit stays out of the way.
  const signIn = (email: string, given: string, now = new Date()) =>
    signInOperator(database.db, { email, password: given, clientAddress: `192.0.2.${address}`, now });
  const signInFrom = (clientAddress: string, email: string, given: string, now = new Date()) =>
    signInOperator(database.db, { email, password: given, clientAddress, now });
  // "signed in", or the refusal's message key.
  const outcome = (attempt: Promise<unknown>) =>
    attempt.then(
      () => "signed in",
      (error: DomainError) => error.messageKey,
    );
  const actions = async (operatorId: string) =>
    (await database.db.select().from(auditLog).where(eq(auditLog.operatorId, operatorId))).map((row) => row.action);

  beforeAll(async () => {
    database = await openTestDatabase(target);
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  it("creates the first operator once, storing an argon2id hash and an audit entry", async () => {
    address += 1;
    expect(await ensureFirstOperator(database.db, { email: "Owner@Example.com", password })).toBe(true);
    expect(await ensureFirstOperator(database.db, { email: "owner@example.com", password })).toBe(false);
    const [owner] = await database.db.select().from(operators).where(eq(operators.email, "owner@example.com"));
    expect(owner?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(owner?.passwordHash).not.toContain(password);
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.target, "owner@example.com"));
    expect(entry).toMatchObject({ action: "operator.created", operatorId: null });
    await expect(
      createOperator(database.db, { email: "short@example.com", password: "short", createdBy: null }),
    ).rejects.toThrow("at least 12 characters");
  });

  it("signs in with the right password only, the same outcome for an unknown email", async () => {
    address += 1;
    const operator = await createOperator(database.db, { email: "ops@example.com", password, createdBy: null });
    await expect(signIn("ops@example.com", "wrong password!")).rejects.toThrow("Wrong email or password");
    await expect(signIn("nobody@example.com", password)).rejects.toThrow("Wrong email or password");
    const session = await signIn("OPS@example.com", password);
    const [stored] = await database.db
      .select()
      .from(operatorSessions)
      .where(eq(operatorSessions.operatorId, operator.id));
    // The table never holds the cookie's token itself.
    expect(stored?.tokenHash).not.toBe(session.token);
    const signedIn = await authenticateOperator(database.db, { token: session.token, now: new Date() });
    expect(signedIn).toMatchObject({ id: operator.id, email: "ops@example.com" });
    expect(signedIn && checkCsrf(signedIn, session.csrfToken)).toBe(true);
    expect(signedIn && checkCsrf(signedIn, `${session.csrfToken.slice(0, -1)}x`)).toBe(false);
    expect(signedIn && checkCsrf(signedIn, undefined)).toBe(false);
    await signOutOperator(database.db, { token: session.token, operatorId: operator.id });
    expect(await authenticateOperator(database.db, { token: session.token, now: new Date() })).toBeUndefined();
    expect(await actions(operator.id)).toEqual(["sign-in.failed", "sign-in", "sign-out"]);
  });

  it("refuses an empty password as a wrong one, for a known email and an unknown one", async () => {
    address += 1;
    await createOperator(database.db, { email: "empty@example.com", password, createdBy: null });
    await expect(signIn("empty@example.com", "")).rejects.toThrow("Wrong email or password");
    await expect(signIn("nobody-else@example.com", "")).rejects.toThrow("Wrong email or password");
  });

  it("locks an address for 15 minutes after five wrong passwords from it, even against the right one", async () => {
    address += 1;
    const operator = await createOperator(database.db, { email: "locked@example.com", password, createdBy: null });
    const start = new Date();
    for (let attempt = 0; attempt < lockout.attempts; attempt += 1) {
      await expect(signIn("locked@example.com", "not the password", start)).rejects.toThrow("Wrong email or password");
    }
    const locked = await signIn("locked@example.com", password, start).catch((error: unknown) => error);
    expect(locked).toBeInstanceOf(DomainError);
    expect((locked as DomainError).kind).toBe("rate-limited");
    const later = new Date(start.getTime() + lockout.minutes * 60_000 + 1_000);
    await expect(signIn("locked@example.com", password, later)).resolves.toMatchObject({
      csrfToken: expect.any(String),
    });
    expect(await actions(operator.id)).toContain("sign-in.locked");
  });

  it("counts 20 wrong passwords sent at once as 20, for each address and for the account", async () => {
    const operator = await createOperator(database.db, { email: "parallel@example.com", password, createdBy: null });
    // Four from each of five addresses: under the address limit, so every one is checked and counted.
    const addresses = ["203.0.113.20", "203.0.113.21", "203.0.113.22", "203.0.113.23", "203.0.113.24"];
    const attempts = addresses.flatMap((source) =>
      Array.from({ length: lockout.attempts - 1 }, () => signInFrom(source, "parallel@example.com", "wrong password!")),
    );
    expect(await Promise.all(attempts.map(outcome))).toEqual(attempts.map(() => "credentials"));
    const pairs = await database.db
      .select({ address: operatorSignInFailures.address, failures: operatorSignInFailures.failures })
      .from(operatorSignInFailures)
      .where(eq(operatorSignInFailures.operatorId, operator.id))
      .orderBy(operatorSignInFailures.address);
    expect(pairs).toEqual(addresses.map((address) => ({ address, failures: lockout.attempts - 1 })));
    const [account] = await database.db.select().from(operators).where(eq(operators.id, operator.id));
    expect(account?.failedLogins).toBe(20);
  });

  it("locks a stranger's address only: the operator signs in from elsewhere and keeps their sessions", async () => {
    await createOperator(database.db, { email: "target@example.com", password, createdBy: null });
    const start = new Date();
    const working = await signInFrom("198.51.100.1", "target@example.com", password, start);
    for (let attempt = 0; attempt < lockout.attempts; attempt += 1) {
      expect(await outcome(signInFrom("203.0.113.66", "target@example.com", "a stranger's guess", start))).toBe(
        "credentials",
      );
    }
    expect(await outcome(signInFrom("203.0.113.66", "target@example.com", password, start))).toBe("locked");
    expect(await outcome(signInFrom("198.51.100.2", "target@example.com", password, start))).toBe("signed in");
    expect(await authenticateOperator(database.db, { token: working.token, now: start })).toBeDefined();
    const later = new Date(start.getTime() + lockout.minutes * 60_000 + 1_000);
    expect(await outcome(signInFrom("203.0.113.66", "target@example.com", password, later))).toBe("signed in");
  });

  it("clears an address's count when the right password comes from it", async () => {
    await createOperator(database.db, { email: "typo@example.com", password, createdBy: null });
    const typos = async () => {
      for (let attempt = 1; attempt < lockout.attempts; attempt += 1) {
        expect(await outcome(signInFrom("198.51.100.9", "typo@example.com", "a typo in it"))).toBe("credentials");
      }
    };
    await typos();
    expect(await outcome(signInFrom("198.51.100.9", "typo@example.com", password))).toBe("signed in");
    await typos();
    expect(await outcome(signInFrom("198.51.100.9", "typo@example.com", password))).toBe("signed in");
  });

  it("locks the whole account and ends its sessions after many wrong passwords from many addresses", async () => {
    const operator = await createOperator(database.db, { email: "botnet@example.com", password, createdBy: null });
    const start = new Date();
    const working = await signInFrom("198.51.100.10", "botnet@example.com", password, start);
    const addresses = accountLockout.attempts / lockout.attempts;
    for (let source = 0; source < addresses; source += 1) {
      for (let attempt = 0; attempt < lockout.attempts; attempt += 1) {
        await outcome(signInFrom(`2001:db8::${source}`, "botnet@example.com", "a distributed guess", start));
      }
    }
    expect(await authenticateOperator(database.db, { token: working.token, now: start })).toBeUndefined();
    expect(
      await database.db.select().from(operatorSessions).where(eq(operatorSessions.operatorId, operator.id)),
    ).toEqual([]);
    expect(await outcome(signInFrom("198.51.100.10", "botnet@example.com", password, start))).toBe("accountLocked");
    const later = new Date(start.getTime() + accountLockout.minutes * 60_000 + 1_000);
    expect(await outcome(signInFrom("198.51.100.10", "botnet@example.com", password, later))).toBe("signed in");
    const locks = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.operatorId, operator.id), eq(auditLog.action, "sign-in.locked")));
    expect(locks.map((entry) => entry.details)).toContainEqual(expect.objectContaining({ scope: "account" }));
  });

  it("records the source address of every sign-in, failed or not, known email or not", async () => {
    const operator = await createOperator(database.db, { email: "audited@example.com", password, createdBy: null });
    await outcome(signInFrom("203.0.113.7", "audited@example.com", "wrong password!"));
    await outcome(signInFrom("203.0.113.8", "stranger@example.com", password));
    await signInFrom("198.51.100.7", "audited@example.com", password);
    const entries = await database.db
      .select({ action: auditLog.action, target: auditLog.target, details: auditLog.details })
      .from(auditLog)
      .where(or(eq(auditLog.operatorId, operator.id), eq(auditLog.target, "stranger@example.com")))
      .orderBy(auditLog.id);
    expect(entries).toEqual([
      { action: "sign-in.failed", target: null, details: expect.objectContaining({ address: "203.0.113.7" }) },
      {
        action: "sign-in.failed",
        target: "stranger@example.com",
        details: expect.objectContaining({ address: "203.0.113.8" }),
      },
      { action: "sign-in", target: null, details: expect.objectContaining({ address: "198.51.100.7" }) },
    ]);
  });

  it("ends a session after two idle hours or twelve in all", async () => {
    address += 1;
    await createOperator(database.db, { email: "session@example.com", password, createdBy: null });
    const start = new Date();
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    const idle = await signIn("session@example.com", password, start);
    expect(
      await authenticateOperator(database.db, { token: idle.token, now: at(sessionLifetime.idleMinutes + 1) }),
    ).toBeUndefined();
    const busy = await signIn("session@example.com", password, start);
    for (let minutes = 100; minutes < sessionLifetime.absoluteHours * 60; minutes += 100) {
      expect(await authenticateOperator(database.db, { token: busy.token, now: at(minutes) })).toBeDefined();
    }
    expect(
      await authenticateOperator(database.db, { token: busy.token, now: at(sessionLifetime.absoluteHours * 60 + 1) }),
    ).toBeUndefined();
  });

  it("refuses an address that keeps trying, whatever the accounts", async () => {
    address += 1;
    const results = [];
    for (let attempt = 0; attempt < 31; attempt += 1) {
      results.push(
        await signIn(`guess-${attempt}@example.com`, "guess guess guess").catch((error: DomainError) => error.kind),
      );
    }
    expect(results.filter((kind) => kind === "invalid")).toHaveLength(30);
    expect(results.at(-1)).toBe("rate-limited");
  });
});
