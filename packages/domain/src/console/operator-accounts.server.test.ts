import type { DbHandle } from "@kinderready/db/open-db";
import { auditLog, operatorSessions, operators } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { hash } from "@node-rs/argon2";
import { and, eq, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppError } from "../app-error.ts";
import { throttleKey } from "../request-throttle.server.ts";
import { recentAttempts } from "../request-throttle-queries.server.ts";
import {
  authenticateOperator,
  checkCsrf,
  createOperator,
  ensureFirstOperator,
  inFlightPerAddress,
  sessionLifetime,
  signInOperator,
  signOutOperator,
} from "./operator-accounts.server.ts";
import { argonCost, decoyHash, hashesStarted, hashingLimits, verifyPassword } from "./password-hashing.server.ts";
import { accountBackoff, addressBackoff } from "./sign-in-backoff.ts";

const password = "a long operator passphrase";

describe.each(testDatabases())("operator accounts on $name", (target) => {
  let database: DbHandle;
  let address = 0;
  // Each test signs in from an address of its own, so the per-address limit stays out of the way.
  const signIn = (email: string, given: string, now = new Date()) =>
    signInOperator(database, { email, password: given, clientAddress: `192.0.2.${address}`, now });
  const signInFrom = (clientAddress: string, email: string, given: string, now = new Date()) =>
    signInOperator(database, { email, password: given, clientAddress, now });
  // "signed in", or the refusal's message key.
  const outcome = (attempt: Promise<unknown>) =>
    attempt.then(
      () => "signed in",
      (error: AppError) => error.messageKey,
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
    expect(await ensureFirstOperator(database, { email: "Owner@Example.com", password })).toBe(true);
    expect(await ensureFirstOperator(database, { email: "owner@example.com", password })).toBe(false);
    const [owner] = await database.db.select().from(operators).where(eq(operators.email, "owner@example.com"));
    expect(owner?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(owner?.passwordHash).not.toContain(password);
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.target, "owner@example.com"));
    expect(entry).toMatchObject({ action: "operator.created", operatorId: null });
    await expect(
      createOperator(database, { email: "short@example.com", password: "short", createdBy: null }),
    ).rejects.toThrow("at least 12 characters");
  });

  it("signs in with the right password only, the same outcome for an unknown email", async () => {
    address += 1;
    const operator = await createOperator(database, { email: "ops@example.com", password, createdBy: null });
    await expect(signIn("ops@example.com", "wrong password!")).rejects.toThrow("Wrong email or password");
    await expect(signIn("nobody@example.com", password)).rejects.toThrow("Wrong email or password");
    const session = await signIn("OPS@example.com", password);
    const [stored] = await database.db
      .select()
      .from(operatorSessions)
      .where(eq(operatorSessions.operatorId, operator.id));
    // The table never holds the cookie's token itself.
    expect(stored?.tokenHash).not.toBe(session.token);
    const signedIn = await authenticateOperator(database, { token: session.token, now: new Date() });
    expect(signedIn).toMatchObject({ id: operator.id, email: "ops@example.com" });
    expect(signedIn && checkCsrf(signedIn, session.csrfToken)).toBe(true);
    expect(signedIn && checkCsrf(signedIn, `${session.csrfToken.slice(0, -1)}x`)).toBe(false);
    expect(signedIn && checkCsrf(signedIn, undefined)).toBe(false);
    await signOutOperator(database, { token: session.token, operatorId: operator.id });
    expect(await authenticateOperator(database, { token: session.token, now: new Date() })).toBeUndefined();
    expect(await actions(operator.id)).toEqual(["sign-in.failed", "sign-in", "sign-out"]);
  });

  it("refuses an empty password as a wrong one, for a known email and an unknown one", async () => {
    address += 1;
    await createOperator(database, { email: "empty@example.com", password, createdBy: null });
    await expect(signIn("empty@example.com", "")).rejects.toThrow("Wrong email or password");
    await expect(signIn("nobody-else@example.com", "")).rejects.toThrow("Wrong email or password");
  });

  it("makes an address wait after five wrong passwords from it, even with the right one, until the wait ends", async () => {
    address += 1;
    await createOperator(database, { email: "slowed@example.com", password, createdBy: null });
    const start = new Date();
    const after = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    for (let attempt = 0; attempt < addressBackoff.free; attempt += 1) {
      expect(await outcome(signIn("slowed@example.com", "not the password", start))).toBe("credentials");
    }
    const hashed = hashesStarted();
    // Waiting: refused as a wrong password is, the password not even looked at.
    expect(await outcome(signIn("slowed@example.com", password, after(addressBackoff.firstDelaySeconds - 1)))).toBe(
      "credentials",
    );
    expect(hashesStarted()).toBe(hashed);
    // The wait doubles with each wrong password past the free ones.
    const first = addressBackoff.firstDelaySeconds;
    expect(await outcome(signIn("slowed@example.com", "still not it", after(first)))).toBe("credentials");
    expect(await outcome(signIn("slowed@example.com", password, after(first + 2 * first - 1)))).toBe("credentials");
    expect(await outcome(signIn("slowed@example.com", password, after(first + 2 * first)))).toBe("signed in");
  });

  it("counts every wrong password sent at once from many addresses, for each address and for the email", async () => {
    await createOperator(database, { email: "parallel@example.com", password, createdBy: null });
    // As many as the hashing gate takes at once, each from an address of its own.
    const addresses = Array.from(
      { length: hashingLimits.running + hashingLimits.waiting },
      (_, i) => `203.0.113.2${i}`,
    );
    const attempts = addresses.map((source) => signInFrom(source, "parallel@example.com", "wrong password!"));
    expect(await Promise.all(attempts.map(outcome))).toEqual(attempts.map(() => "credentials"));
    const now = new Date();
    const counted = await recentAttempts(
      database.db,
      throttleKey("operator-password", "parallel@example.com"),
      accountBackoff.windowMinutes,
      now,
    );
    expect(counted.count).toBe(addresses.length);
    for (const source of addresses) {
      const pair = throttleKey("operator-password-address", `parallel@example.com ${source}`);
      expect((await recentAttempts(database.db, pair, addressBackoff.windowMinutes, now)).count).toBe(1);
    }
  });

  it("slows a stranger's address only: the operator signs in from elsewhere and keeps their sessions", async () => {
    await createOperator(database, { email: "target@example.com", password, createdBy: null });
    const start = new Date();
    const working = await signInFrom("198.51.100.1", "target@example.com", password, start);
    for (let attempt = 0; attempt < addressBackoff.free; attempt += 1) {
      expect(await outcome(signInFrom("203.0.113.66", "target@example.com", "a stranger's guess", start))).toBe(
        "credentials",
      );
    }
    expect(await outcome(signInFrom("203.0.113.66", "target@example.com", password, start))).toBe("credentials");
    expect(await outcome(signInFrom("198.51.100.2", "target@example.com", password, start))).toBe("signed in");
    expect(await authenticateOperator(database, { token: working.token, now: start })).toBeDefined();
  });

  it("forgives an address's wrong passwords when the right one comes from it", async () => {
    await createOperator(database, { email: "typo@example.com", password, createdBy: null });
    const typos = async () => {
      for (let attempt = 1; attempt < addressBackoff.free; attempt += 1) {
        expect(await outcome(signInFrom("198.51.100.9", "typo@example.com", "a typo in it"))).toBe("credentials");
      }
    };
    await typos();
    expect(await outcome(signInFrom("198.51.100.9", "typo@example.com", password))).toBe("signed in");
    await typos();
    expect(await outcome(signInFrom("198.51.100.9", "typo@example.com", password))).toBe("signed in");
  });

  it("keeps the operator's session and lets them in within a minute after 50 wrong passwords from 10 addresses", async () => {
    const operator = await createOperator(database, { email: "botnet@example.com", password, createdBy: null });
    const start = new Date();
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    const working = await signInFrom("198.51.100.10", "botnet@example.com", password, start);
    // Ten addresses, five guesses each, a second apart: the attack a lock-out used to reward.
    let second = 0;
    for (let source = 0; source < 10; source += 1) {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        second += 1;
        expect(
          await outcome(signInFrom(`2001:db8::${source}`, "botnet@example.com", "a distributed guess", at(second))),
        ).toBe("credentials");
      }
    }
    expect(await authenticateOperator(database, { token: working.token, now: at(second) })).toMatchObject({
      id: operator.id,
    });
    expect(
      await database.db.select().from(operatorSessions).where(eq(operatorSessions.operatorId, operator.id)),
    ).toHaveLength(1);
    // From the operator's own address: at most the account's longest wait, then in.
    const waited = at(second + accountBackoff.maxDelaySeconds);
    expect(await outcome(signInFrom("198.51.100.10", "botnet@example.com", password, waited))).toBe("signed in");
    const failures = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.operatorId, operator.id), eq(auditLog.action, "sign-in.failed")));
    expect(failures).toHaveLength(50);
    // Past the ten free ones, most guesses were never checked against the password.
    expect(
      failures.filter((entry) => (entry.details as { reason: string }).reason === "backoff").length,
    ).toBeGreaterThan(30);
  });

  it("answers an unknown email exactly as an operator's, waits included, and hashes both alike", async () => {
    await createOperator(database, { email: "known@example.com", password, createdBy: null });
    const start = new Date();
    const run = async (email: string, source: string) => {
      const answers: unknown[] = [];
      const hashes: number[] = [];
      for (let attempt = 0; attempt < addressBackoff.free + 2; attempt += 1) {
        const before = hashesStarted();
        const error = await signInFrom(source, email, "a wrong guess here", start).catch((caught: AppError) => caught);
        const { code: kind, field, message, messageKey, retryAfterSeconds } = error as AppError;
        answers.push({ kind, field, message, messageKey, retryAfterSeconds });
        hashes.push(hashesStarted() - before);
      }
      return { answers, hashes };
    };
    const known = await run("known@example.com", "198.51.100.30");
    const unknown = await run("nobody-here@example.com", "198.51.100.31");
    expect(unknown).toEqual(known);
    // The first five were hashed, the rest waited without a hash: for both.
    expect(known.hashes).toEqual([1, 1, 1, 1, 1, 0, 0]);
  });

  it("hashes the decoy at the cost of a real password, and verifies hashes made by hash-wasm", async () => {
    const parameters = (hash: string) => hash.split("$").slice(1, 4).join("$");
    expect(parameters(decoyHash)).toBe(`argon2id$v=19$m=${argonCost.memoryCost},t=${argonCost.timeCost},p=1`);
    const [stored] = await database.db.select().from(operators).limit(1);
    expect(parameters(decoyHash)).toBe(parameters(stored?.passwordHash ?? ""));
    // Stored before the hashing moved off the event loop (hash-wasm's encoding of this password).
    const before = "$argon2id$v=19$m=19456,t=2,p=1$6LNOnTF2SaGZQXa3LN9EYQ$sGqpU0n1PinL0GU6y9ilxLpj09s1thDIefJ+lMFWWUU";
    const [older] = await database.db
      .insert(operators)
      .values({ email: "hashed-before@example.com", passwordHash: before })
      .returning();
    expect(await outcome(signInFrom("198.51.100.40", "hashed-before@example.com", password))).toBe("signed in");
    expect(older).toBeDefined();
  });

  it("refuses past the hashing gate at once, without hashing, and a second sign-in from a busy address", async () => {
    // The gate held: one slow hash running (forty passes instead of two), every waiting place taken.
    const slow = await hash("a slow password", { ...argonCost, timeCost: 40 });
    let slowDone = false;
    const held = [
      verifyPassword("not it", slow).then(() => {
        slowDone = true;
      }),
      ...Array.from({ length: hashingLimits.waiting }, () => verifyPassword("not it either", decoyHash)),
    ];
    const started = hashesStarted();
    const refused = await signInFrom("192.0.2.200", "gate@example.com", "a guess at the gate").catch(
      (error: AppError) => error,
    );
    expect(refused).toMatchObject({
      code: "busy",
      messageKey: "busy",
      retryAfterSeconds: hashingLimits.retryAfterSeconds,
    });
    expect(slowDone).toBe(false);
    expect(hashesStarted()).toBe(started);
    await Promise.all(held);
    // As many sign-ins under way from an address as it may have: the next from it is refused before it starts.
    const underWay = Array.from({ length: inFlightPerAddress }, (_, i) =>
      signInFrom("192.0.2.201", "gate@example.com", `guess ${i}`),
    );
    const next = await signInFrom("192.0.2.201", "gate@example.com", "one more guess").catch(
      (error: AppError) => error,
    );
    expect(next).toMatchObject({ code: "rate-limited", messageKey: "throttled", retryAfterSeconds: 1 });
    expect(await Promise.all(underWay.map(outcome))).toEqual(underWay.map(() => "credentials"));
  });

  it("records the source address of every sign-in, failed or not, known email or not", async () => {
    const operator = await createOperator(database, { email: "audited@example.com", password, createdBy: null });
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
    await createOperator(database, { email: "session@example.com", password, createdBy: null });
    const start = new Date();
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    const idle = await signIn("session@example.com", password, start);
    expect(
      await authenticateOperator(database, { token: idle.token, now: at(sessionLifetime.idleMinutes + 1) }),
    ).toBeUndefined();
    const busy = await signIn("session@example.com", password, start);
    for (let minutes = 100; minutes < sessionLifetime.absoluteHours * 60; minutes += 100) {
      expect(await authenticateOperator(database, { token: busy.token, now: at(minutes) })).toBeDefined();
    }
    expect(
      await authenticateOperator(database, { token: busy.token, now: at(sessionLifetime.absoluteHours * 60 + 1) }),
    ).toBeUndefined();
  });

  it("refuses an address that keeps trying, whatever the accounts, without hashing", async () => {
    address += 1;
    const results = [];
    for (let attempt = 0; attempt < 30; attempt += 1) {
      results.push(
        await signIn(`guess-${attempt}@example.com`, "guess guess guess").catch((error: AppError) => error.code),
      );
    }
    expect(results.filter((kind) => kind === "invalid")).toHaveLength(30);
    const hashed = hashesStarted();
    const refused = await signIn("guess-30@example.com", "guess guess guess").catch((error: AppError) => error);
    expect(refused).toMatchObject({ code: "rate-limited", messageKey: "throttled", retryAfterSeconds: 15 * 60 });
    expect(hashesStarted()).toBe(hashed);
  });
});
