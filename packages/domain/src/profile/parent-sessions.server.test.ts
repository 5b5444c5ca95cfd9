import { createHash } from "node:crypto";
import type { DbHandle } from "@kinderready/db/open-db";
import { parentSessions } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestParent } from "../../test/test-data.server.ts";
import {
  endOtherParentSessions,
  endParentSession,
  findSessionParent,
  startParentSession,
} from "./parent-sessions.server.ts";

const day = 24 * 60 * 60 * 1000;

describe.each(testDatabases())("parent sessions on $name", (target) => {
  let database: DbHandle;
  let now = new Date("2026-03-01T09:00:00Z");
  const deps = () => ({ db: database.db, now: () => now });

  beforeAll(async () => {
    database = await openTestDatabase(target);
  }, 60_000);
  afterAll(async () => database.close());

  const rowsOf = (userId: string) => database.db.select().from(parentSessions).where(eq(parentSessions.userId, userId));

  it("stores only a digest of a random id, and lasts 180 days from sign-in however often it is used", async () => {
    now = new Date("2026-03-01T09:00:00Z");
    const parent = await insertTestParent(database.db);
    const session = await startParentSession(deps(), { userId: parent.id, verified: true });
    expect(session.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.id).not.toBe(parent.token);
    expect(session.expiresAt.getTime() - now.getTime()).toBe(180 * day);
    const [row] = await rowsOf(parent.id);
    expect(row?.idHash).toBe(createHash("sha256").update(session.id).digest("hex"));

    now = new Date(now.getTime() + 179 * day);
    expect((await findSessionParent(deps(), { sessionId: session.id }))?.parent.id).toBe(parent.id);
    expect((await rowsOf(parent.id))[0]?.lastSeenAt).toEqual(now);
    now = new Date(now.getTime() + 2 * day);
    expect(await findSessionParent(deps(), { sessionId: session.id })).toBeUndefined();
  });

  it("ends the session the device held at a new sign-in, whoever it was for, and the parent's expired ones", async () => {
    now = new Date("2026-03-01T09:00:00Z");
    const parent = await insertTestParent(database.db);
    const other = await insertTestParent(database.db);
    const old = await startParentSession(deps(), { userId: parent.id, verified: true });
    const theirs = await startParentSession(deps(), { userId: other.id, verified: true });
    now = new Date(now.getTime() + 200 * day);
    const phone = await startParentSession(deps(), { userId: parent.id, verified: true });
    expect(await rowsOf(parent.id)).toHaveLength(1);

    const laptop = await startParentSession(deps(), { userId: parent.id, replacing: theirs.id, verified: true });
    expect(laptop.id).not.toBe(phone.id);
    expect(await rowsOf(other.id)).toEqual([]);
    expect(await findSessionParent(deps(), { sessionId: old.id })).toBeUndefined();
    for (const id of [phone.id, laptop.id]) {
      expect((await findSessionParent(deps(), { sessionId: id }))?.parent.id).toBe(parent.id);
    }
  });

  it("signs out one device and ignores ids that are not session ids", async () => {
    const parent = await insertTestParent(database.db);
    const session = await startParentSession(deps(), { userId: parent.id, verified: true });
    await endParentSession(deps(), { sessionId: session.id });
    expect(await findSessionParent(deps(), { sessionId: session.id })).toBeUndefined();
    for (const sessionId of [undefined, "", parent.token, `${session.id}x`]) {
      expect(await findSessionParent(deps(), { sessionId })).toBeUndefined();
    }
  });

  it("tells a device that proved it is the parent's from one that only typed their email", async () => {
    const parent = await insertTestParent(database.db);
    const typed = await startParentSession(deps(), { userId: parent.id, verified: false });
    const linked = await startParentSession(deps(), { userId: parent.id, verified: true });
    expect(await findSessionParent(deps(), { sessionId: typed.id })).toMatchObject({ verified: false });
    expect(await findSessionParent(deps(), { sessionId: linked.id })).toMatchObject({ verified: true });
  });

  it("signs the parent out on every other device, never another parent's, and keeps this one", async () => {
    const parent = await insertTestParent(database.db);
    const other = await insertTestParent(database.db);
    const here = await startParentSession(deps(), { userId: parent.id, verified: true });
    const lostPhone = await startParentSession(deps(), { userId: parent.id, verified: true });
    const sharedComputer = await startParentSession(deps(), { userId: parent.id, verified: false });
    const theirs = await startParentSession(deps(), { userId: other.id, verified: true });
    expect(await endOtherParentSessions(deps(), { userId: parent.id, keep: here.id })).toBe(2);
    for (const gone of [lostPhone, sharedComputer]) {
      expect(await findSessionParent(deps(), { sessionId: gone.id })).toBeUndefined();
    }
    expect((await findSessionParent(deps(), { sessionId: here.id }))?.parent.id).toBe(parent.id);
    expect((await findSessionParent(deps(), { sessionId: theirs.id }))?.parent.id).toBe(other.id);
  });
});
