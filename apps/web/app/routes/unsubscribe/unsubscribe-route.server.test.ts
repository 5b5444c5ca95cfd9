import { testServices } from "@kinderready/api/test/test-api";
import type { DbHandle } from "@kinderready/db/open-db";
import { users } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import type { AppServices } from "@kinderready/domain/app-services";
import { unsubscribeUrl } from "@kinderready/domain/email/unsubscribe.server";
import { insertTestParent } from "@kinderready/domain/test/test-data.server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeTestConfig, routeTestContext } from "../../../test/route-context.ts";
import { loadUnsubscribePage, type UnsubscribeResult, unsubscribe } from "./unsubscribe-route.server.ts";

// The unsubscribe page: opening the link changes nothing; the page's button and a mail client's
// one-click post (RFC 8058) each stop marketing mail; a link the server did not sign does nothing.

const origin = "http://kit.test";
const config = routeTestConfig(origin);

describe.each(testDatabases())("the unsubscribe page on $name", (target) => {
  let database: DbHandle;
  let services: AppServices;

  beforeAll(async () => {
    database = await openTestDatabase(target);
    services = testServices(database.db, { send: async () => null });
  }, 60_000);
  afterAll(async () => database.close());

  const context = () => routeTestContext({ config, services, clientAddress: "10.40.0.1" });
  const linkFor = (userId: string) => new URL(unsubscribeUrl(origin, services.account.accessLinkSecret, "fr", userId));
  const post = async (url: URL, body: Record<string, string>) => {
    const answer = (await unsubscribe({
      request: new Request(url, { method: "POST", body: new URLSearchParams(body) }),
      url,
      context: context(),
    })) as unknown as { data: UnsubscribeResult; init: ResponseInit | null };
    return { status: answer.init?.status ?? 200, ...answer.data };
  };
  const optOut = async (id: string) => {
    const [row] = await database.db.select().from(users).where(eq(users.id, id));
    return { forbidden: row?.isForbiddenToMailing, via: row?.mailingOptOutVia };
  };

  it("offers the button for a genuine link without unsubscribing anyone by opening it", async () => {
    const parent = await insertTestParent(database.db);
    const link = linkFor(parent.id);
    expect(link.pathname).toBe("/fr/unsubscribe/");
    expect(loadUnsubscribePage({ url: link, context: context() })).toEqual({ valid: true, locale: "fr" });
    expect(await optOut(parent.id)).toEqual({ forbidden: false, via: null });
    link.searchParams.set("code", `${parent.id}.forged`);
    expect(loadUnsubscribePage({ url: link, context: context() }).valid).toBe(false);
  });

  it("takes the mail client's one-click post and the page's own button", async () => {
    const byClient = await insertTestParent(database.db);
    expect(await post(linkFor(byClient.id), { "List-Unsubscribe": "One-Click" })).toEqual({
      status: 200,
      unsubscribed: true,
    });
    expect(await optOut(byClient.id)).toEqual({ forbidden: true, via: "one-click" });
    const byPage = await insertTestParent(database.db);
    await post(linkFor(byPage.id), {});
    expect(await optOut(byPage.id)).toEqual({ forbidden: true, via: "email-link" });
  });

  it("answers 400 to a link it did not sign", async () => {
    const parent = await insertTestParent(database.db);
    const link = linkFor(parent.id);
    link.searchParams.set("code", `${parent.id}.${"B".repeat(43)}`);
    expect(await post(link, { "List-Unsubscribe": "One-Click" })).toEqual({ status: 400, unsubscribed: false });
    expect(await optOut(parent.id)).toEqual({ forbidden: false, via: null });
  });
});
