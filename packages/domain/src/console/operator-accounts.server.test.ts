import type { DbHandle } from "@kinderready/db/open-db";
import { auditLog, operatorSessions, operators } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test-databases";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DomainError } from "../domain-error.ts";
import {
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

  it("signs in with the right password only, the same refusal for an unknown email", async () => {
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

  it("locks the account for 15 minutes after five wrong passwords, even against the right one", async () => {
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
