import type { DbHandle } from "@kinderready/db/open-db";
import { emailMessages } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkTargets } from "../../test/email-links.ts";
import { insertTestParent } from "../../test/test-data.server.ts";
import { followEmailLink, trackedLink } from "./email-links.server.ts";

// The links in an email count their clicks for that message: signed for the message and the
// page, leading only to a page of this site, never to another message's count.

const appUrl = "https://kinderready.test";
const secret = "a-test-secret-of-enough-length-000000";
const clock = new Date("2026-12-07T10:00:00Z");

describe("a counted link", () => {
  const messageId = "0f8e4d2c-1b3a-4c5d-8e9f-0a1b2c3d4e5f";

  it("leads through this site's link address to the page, query and anchor kept", () => {
    const link = trackedLink({ appUrl, secret, messageId, target: `${appUrl}/fr/printables/?token=abc&x=1#review` });
    expect(link).toMatch(new RegExp(`^${appUrl}/l/${messageId}/[\\w-]{32}\\?to=`));
    expect(linkTargets(link)).toEqual(["/fr/printables/?token=abc&x=1#review"]);
  });

  it("leaves an address off this site as it is", () => {
    for (const target of ["mailto:help@example.com", "https://elsewhere.example/page"]) {
      expect(trackedLink({ appUrl, secret, messageId, target })).toBe(target);
    }
  });
});

describe.each(testDatabases())("following a counted link on $name", (target) => {
  let database: DbHandle;
  beforeAll(async () => {
    database = await openTestDatabase(target);
  }, 60_000);
  afterAll(async () => database.close());

  const deps = () => ({ db: database.db, secret, now: () => clock });
  async function message() {
    const parent = await insertTestParent(database.db);
    const [row] = await database.db
      .insert(emailMessages)
      .values({ userId: parent.id, kind: "payment-failed:kr_1", recipient: parent.email ?? "", status: "sent" })
      .returning();
    if (!row) throw new Error("no message");
    return row;
  }
  const parts = (link: string) => {
    const url = new URL(link);
    const [, , messageId = "", signature = ""] = url.pathname.split("/");
    return { messageId, signature, to: url.searchParams.get("to") ?? "" };
  };
  const counted = async (id: string) =>
    (await database.db.select().from(emailMessages).where(eq(emailMessages.id, id)))[0];

  it("counts every click on its message, keeps the first one's time, and answers the page", async () => {
    const sent = await message();
    const link = trackedLink({ appUrl, secret, messageId: sent.id, target: `${appUrl}/profile/subscription/?token=t` });
    expect(await followEmailLink(deps(), parts(link))).toBe("/profile/subscription/?token=t");
    const later = { ...deps(), now: () => new Date(clock.getTime() + 60_000) };
    expect(await followEmailLink(later, parts(link))).toBe("/profile/subscription/?token=t");
    expect(await counted(sent.id)).toMatchObject({ clicks: 2, firstClickedAt: clock });
  });

  it("refuses a link pointed elsewhere, signed for another message, or made up, and counts nothing", async () => {
    const sent = await message();
    const other = await message();
    const link = parts(trackedLink({ appUrl, secret, messageId: sent.id, target: `${appUrl}/profile/` }));
    for (const forged of [
      { ...link, to: "//evil.example/" },
      { ...link, to: "https://evil.example/" },
      { ...link, to: "/printables/" },
      { ...link, messageId: other.id },
      { ...link, signature: "x".repeat(32) },
      { ...link, signature: "" },
    ]) {
      expect(await followEmailLink(deps(), forged)).toBeUndefined();
    }
    expect(await counted(sent.id)).toMatchObject({ clicks: 0, firstClickedAt: null });
    expect(await counted(other.id)).toMatchObject({ clicks: 0, firstClickedAt: null });
  });

  it("sends the parent on when the message is gone with their data", async () => {
    const gone = "5d6c7b8a-9e0f-4a1b-8c2d-3e4f5a6b7c8d";
    const link = parts(trackedLink({ appUrl, secret, messageId: gone, target: `${appUrl}/profile/` }));
    expect(await followEmailLink(deps(), link)).toBe("/profile/");
  });
});
