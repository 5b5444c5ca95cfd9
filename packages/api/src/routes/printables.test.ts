import { createLogger } from "@kinderready/config/logger";
import type { DbHandle } from "@kinderready/db/open-db";
import { orders, printableProgress, subscriptions, users } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import { createLocalErrorReporter } from "@kinderready/domain/error-reporting/error-reporter";
import { runDueRenewals } from "@kinderready/domain/payments/subscription-billing.server";
import { seedPriceCatalogue } from "@kinderready/domain/pricing/price-config.server";
import { signDownloadLink } from "@kinderready/domain/printables/download-links.server";
import { getKitPreview } from "@kinderready/domain/printables/kit-preview.server";
import { choosePaper } from "@kinderready/domain/printables/printables.server";
import { insertTestParent } from "@kinderready/domain/test/test-data.server";
import { startLoopbackGateway } from "@kinderready/gateway-simulator/loopback-gateway";
import { documentPages } from "@kinderready/kit/book/book-document";
import { firstEditionLevels, kit } from "@kinderready/kit/catalogue";
import { kitContent } from "@kinderready/kit/content.server";
import { RenderCache } from "@kinderready/kit/render.server";
import { RenderPool } from "@kinderready/kit/render-pool.server";
import { and, eq } from "drizzle-orm";
import { type FastifyInstance, fastify } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildTestApi,
  payFirstPayment,
  testApiKey,
  testAppUrl,
  testDownloadUrlSecret,
  testServices,
} from "../../test/test-api.ts";
import { printableFilesPlugin } from "./printable-files.ts";

// The printables area through the API and the file links: only what the parent has access to,
// levels unlocking in order as items are marked done, and signed, expiring links that open
// one parent's files and nobody else's.

const headers = { "x-api-key": testApiKey };
const clock = new Date("2026-11-23T10:00:00Z");

describe.each(testDatabases())("printables on $name", (target) => {
  let database: DbHandle;
  let app: FastifyInstance;
  let files: FastifyInstance;
  let services: ReturnType<typeof testServices>;
  let loopback: Awaited<ReturnType<typeof startLoopbackGateway>>;
  let now = clock;
  const pool = new RenderPool(1);

  beforeAll(async () => {
    database = await openTestDatabase(target);
    await seedPriceCatalogue({ db: database.db });
    loopback = await startLoopbackGateway({ database, now: () => now });
    services = testServices(database.db, { send: async () => null }, loopback.gateway, () => now);
    app = await buildTestApi(database, services);
    files = fastify();
    await files.register(
      (plugin) =>
        printableFilesPlugin(plugin, {
          printables: services.printables,
          pool,
          cache: new RenderCache(1e7),
          previews: new RenderCache(1e6),
          errors: createLocalErrorReporter(createLogger({ level: "warn" })),
        }),
      { prefix: "/printables/files" },
    );
    await files.ready();
  }, 60_000);
  afterAll(async () => {
    await pool.close();
    await files.close();
    await app.close();
    await loopback.close();
    await database.close();
  });

  const printables = (token: string, query = "locale=en&product=kinderready") =>
    app.inject({ method: "GET", url: `/api/v1/printables/${token}?${query}`, headers });
  const complete = (token: string, itemId: string, done = true) =>
    app.inject({
      method: "POST",
      url: `/api/v1/printables/${token}/progress`,
      headers,
      payload: { item_id: itemId, done },
    });
  const download = (url: string) => files.inject({ method: "GET", url: url.replace(testAppUrl, "") });

  const parentWithAccess = (kidName = "Mia") => insertTestParent(database.db, { isManualAccess: true, kidName });

  it("answers 404 for an unknown token and 400 naming a bad locale", async () => {
    expect((await printables("unknown-token-aaaaaaaaaaaaaa")).statusCode).toBe(404);
    const bad = await printables("unknown-token-aaaaaaaaaaaaaa", "locale=xx");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("locale");
  });

  it("shows nothing to a parent who has not paid", async () => {
    const parent = await insertTestParent(database.db);
    const body = (await printables(parent.token)).json();
    expect(body.printables.kinderready).toEqual({ core: [], upsell: { add_ons_all: null, add_ons: [] } });
  });

  it("opens the kit after the first payment, trial level first, the rest locked", async () => {
    const parent = await insertTestParent(database.db);
    expect(await payFirstPayment(app, parent.token)).toBe("approved");

    const body = (await printables(parent.token)).json();
    const core = body.printables.kinderready.core;
    expect(core.map((level: { number: number; locked: boolean }) => [level.number, level.locked])).toEqual([
      [0, false],
      [1, true],
      [2, true],
      [3, true],
      [4, true],
      [5, true],
    ]);
    expect(core[0].items.every((item: { download_url: string | null }) => item.download_url)).toBe(true);
    expect(
      core[1].items.every(
        (item: { download_url: string | null; activity: unknown }) => !item.download_url && !item.activity,
      ),
    ).toBe(true);
    expect(body.printables.kinderready.upsell.add_ons).toEqual([]);
  });

  it("unlocks level 1 once every trial item is done, and refuses items of a locked level", async () => {
    const parent = await parentWithAccess();
    const [trial, first] = kit.levels;
    const locked = await complete(parent.token, first?.items[0]?.id ?? "");
    expect(locked.statusCode).toBe(409);
    const items = trial?.items ?? [];
    for (const [index, item] of items.entries()) {
      const answer = (await complete(parent.token, item.id)).json();
      expect(answer.level_completed).toBe(index === items.length - 1);
    }
    // Twice is the same as once.
    expect((await complete(parent.token, items[0]?.id ?? "")).statusCode).toBe(200);
    const core = (await printables(parent.token)).json().printables.kinderready.core;
    expect([core[0].completed, core[1].locked, core[2].locked]).toEqual([true, false, true]);
    expect(core[0].progress).toEqual({ done: items.length, total: items.length });
    // Undoing an item locks the next level again.
    await complete(parent.token, items[0]?.id ?? "", false);
    expect((await printables(parent.token)).json().printables.kinderready.core[1].locked).toBe(true);
    const rows = await database.db.select().from(printableProgress).where(eq(printableProgress.userId, parent.id));
    expect(rows.length).toBe(items.length - 1);
  });

  it("plans the child's week from what was done and what was too hard, and prints it as one PDF", async () => {
    const parent = await parentWithAccess();
    const mark = (itemId: string, body: { done: boolean; too_hard?: boolean }) =>
      app.inject({
        method: "POST",
        url: `/api/v1/printables/${parent.token}/progress`,
        headers,
        payload: { item_id: itemId, ...body },
      });
    for (const item of kit.levels[0]?.items ?? []) await complete(parent.token, item.id);
    const first = (await printables(parent.token)).json().week;
    expect(first.level).toBe(1);
    const [next, second] = first.items;
    expect(next.easier_for).toBeNull();

    // Too hard for now: not done (the level stays open), and an easier page of its skill comes first.
    const hard = (await mark(second.id, { done: false, too_hard: true })).json();
    expect([hard.done, hard.too_hard]).toEqual([false, true]);
    await complete(parent.token, next.id);
    const body = (await printables(parent.token)).json();
    const [easier, ...rest] = body.week.items;
    expect(easier.easier_for).toBe(second.title);
    expect(rest.map((item: { id: string }) => item.id)).not.toContain(next.id);
    expect(rest.map((item: { id: string }) => item.id)).not.toContain(second.id);
    const levelOne = body.printables.kinderready.core[1];
    expect(levelOne.progress.done).toBe(1);
    expect(levelOne.items.find((item: { id: string }) => item.id === second.id).too_hard).toBe(true);

    // The week as one PDF: its pages and nothing else, planned again when the link is opened.
    const pdf = await download(body.week.download_url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-disposition"]).toMatch(/filename="kinderready-week-en\.pdf"/);
    const pages = documentPages(
      { kind: "week", level: 1, items: body.week.items.map((item: { id: string }) => item.id) },
      "en",
    ).length;
    expect(pdf.rawPayload.toString("latin1")).toContain(`/Count ${pages}`);
    const onePage = body.week.download_url.replace("/all.pdf", `/item-${next.id}.pdf`);
    expect((await download(onePage)).statusCode).toBe(404);

    // Done clears too hard; neither clears the row.
    expect((await mark(second.id, { done: true })).json().too_hard).toBe(false);
    await mark(second.id, { done: false });
    const rows = await database.db.select().from(printableProgress).where(eq(printableProgress.userId, parent.id));
    expect(rows.map((row) => row.itemId)).not.toContain(second.id);
  }, 60_000);

  it("rejects an unknown item by name and stores nothing", async () => {
    const parent = await parentWithAccess();
    const answer = await complete(parent.token, "no-such-item");
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toContain("item_id");
    const rows = await database.db.select().from(printableProgress).where(eq(printableProgress.userId, parent.id));
    expect(rows).toEqual([]);
  });

  it("keeps a level finished in the kit's first edition finished, whose items had other ids", async () => {
    const parent = await parentWithAccess();
    const before = firstEditionLevels["0"] ?? [];
    await database.db.insert(printableProgress).values(before.map((itemId) => ({ userId: parent.id, itemId })));
    const core = (await printables(parent.token)).json().printables.kinderready.core;
    expect(core[0].completed).toBe(true);
    expect(core[1].locked).toBe(false);
    expect(core[2].locked).toBe(true);
  });

  it("prints on the paper the parent chooses, by country and language until they do", async () => {
    const parent = await parentWithAccess();
    const link = async (query: string) => (await printables(parent.token, query)).json();
    expect((await link("locale=en")).paper).toBe("letter");
    expect((await link("locale=de")).paper).toBe("a4");
    await database.db.update(users).set({ countryCode: "GB" }).where(eq(users.id, parent.id));
    expect((await link("locale=en")).paper).toBe("a4");
    await choosePaper(services.printables, { userToken: parent.token, paper: "letter" });
    const chosen = await link("locale=de");
    expect(chosen.paper).toBe("letter");
    expect(chosen.printables.kinderready.core[0].download_url).toContain("paper=letter");
    await expect(
      choosePaper(services.printables, {
        userToken: "unknown-token-aaaaaaaaaaaaaa",
        paper: "a4",
      }),
    ).rejects.toThrow(/No parent/);
  });

  it("lists add-on packs only when bought (printablesByInvoices previews that in IS_DEV)", async () => {
    const parent = await parentWithAccess();
    expect((await printables(parent.token)).json().printables.kinderready.upsell.add_ons).toEqual([]);
    const preview = (await printables(parent.token, "locale=de&printablesByInvoices=subscription,upsale")).json();
    const upsell = preview.printables.kinderready.upsell;
    expect(upsell.add_ons.map((pack: { id: string }) => pack.id)).toEqual(kit.packs.map((pack) => pack.id));
    expect(upsell.add_ons_all.download_url).toContain("/printables/files/packs-all/all.pdf");
    expect(preview.printables.kinderready.core[0].title).toBe(kitContent("de").levels["0"].title);
    expect(kitContent("de").levels["0"].title).not.toBe(kitContent("en").levels["0"].title);
    // The previewed files open too: the invoices are signed into the links.
    expect(upsell.add_ons_all.download_url).toContain("inv=subscription%2Cupsale");
    const pack = await download(upsell.add_ons[0].items[0].download_url);
    expect(pack.statusCode).toBe(200);
    const forged = upsell.add_ons[0].items[0].download_url.replace("inv=subscription%2Cupsale", "inv=upsale");
    expect((await download(forged)).statusCode).toBe(403);
    const bad = await printables(parent.token, "printablesByInvoices=free-stuff");
    expect(bad.statusCode).toBe(400);
  });

  it("ignores printablesByInvoices outside IS_DEV", async () => {
    const parent = await insertTestParent(database.db);
    const live = await buildTestApi(database, {
      ...services,
      printables: { ...services.printables, devShortcuts: false },
    });
    const body = (
      await live.inject({
        method: "GET",
        url: `/api/v1/printables/${parent.token}?printablesByInvoices=subscription,upsale`,
        headers,
      })
    ).json();
    await live.close();
    expect(body.printables.kinderready.core).toEqual([]);
  });

  it("downloads the parent's own personalised PDF through a signed link, and nobody else's", async () => {
    const parent = await parentWithAccess("Zoé");
    const other = await parentWithAccess("Noah");
    const level = (await printables(parent.token, "locale=fr")).json().printables.kinderready.core[0];
    const item = level.items[0];
    const file = await download(item.download_url);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.headers["content-disposition"]).toMatch(/^attachment; filename="kinderready-.+-fr\.pdf"$/);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(file.rawPayload.toString("latin1")).toContain("/Count 1");
    const again = await files.inject({
      method: "GET",
      url: item.download_url.replace(testAppUrl, ""),
      headers: { "if-none-match": file.headers.etag },
    });
    expect(again.statusCode).toBe(304);

    // Another parent's id under this signature, another scope, a changed signature: refused.
    const swapped = item.download_url.replace(parent.id, other.id);
    expect((await download(swapped)).statusCode).toBe(403);
    expect((await download(item.download_url.replace("/level-0/", "/level-1/"))).statusCode).toBe(403);
    expect(
      (await download(item.download_url.replace(/sig=[^&]+/, "sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")))
        .statusCode,
    ).toBe(403);
    // An item that is not in the signed level.
    const foreign = item.download_url.replace(`item-${item.id}.pdf`, `item-${kit.levels[3]?.items[0]?.id}.pdf`);
    expect((await download(foreign)).statusCode).toBe(404);

    // The whole level as a book (cover to certificate), inline for printing when asked.
    const whole = await download(`${level.download_url}&disposition=inline`);
    expect(whole.headers["content-disposition"]).toMatch(/^inline; /);
    expect(whole.rawPayload.toString("latin1")).toContain(
      `/Count ${documentPages({ kind: "level", number: 0 }, "en").length}`,
    );
  }, 60_000);

  it("refuses an expired link with 410 and a page in its language", async () => {
    const parent = await parentWithAccess();
    const url = (await printables(parent.token, "locale=es")).json().printables.kinderready.core[0].download_url;
    now = new Date(clock.getTime() + 3 * 24 * 60 * 60 * 1000);
    try {
      const expired = await download(url);
      expect(expired.statusCode).toBe(410);
      expect(expired.body).toContain("caducado");
    } finally {
      now = clock;
    }
  });

  it("stops a link once access ends", async () => {
    const parent = await parentWithAccess();
    const url = (await printables(parent.token)).json().printables.kinderready.core[0].download_url;
    await database.db.update(users).set({ isManualAccess: false }).where(eq(users.id, parent.id));
    expect((await download(url)).statusCode).toBe(404);
  });

  it("stops a link once the parent's data is deleted, though the paid period runs on", async () => {
    const parent = await insertTestParent(database.db);
    expect(await payFirstPayment(app, parent.token)).toBe("approved");
    const url = (await printables(parent.token)).json().printables.kinderready.core[0].download_url;
    const post = (path: string, payload: object) =>
      app.inject({ method: "POST", url: `/api/v1${path}`, headers, payload: { user_token: parent.token, ...payload } });
    expect((await post("/subscription/cancel", { reason: "high_price" })).statusCode).toBe(200);
    // Cancelled, the kit stays open to the end of the period.
    expect((await download(url)).statusCode).toBe(200);
    expect((await post("/user/delete", {})).statusCode).toBe(200);
    expect((await download(url)).statusCode).toBe(404);
  }, 60_000);

  it("serves previews as cacheable SVG", async () => {
    const item = kit.levels[0]?.items[0];
    const preview = await files.inject({
      method: "GET",
      url: `/printables/files/preview/${item?.id}.svg?locale=ar&v=abc`,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers["content-type"]).toBe("image/svg+xml");
    expect(preview.headers["cache-control"]).toContain("immutable");
    expect(
      (await files.inject({ method: "GET", url: "/printables/files/preview/nope.svg?locale=en" })).statusCode,
    ).toBe(404);
  });

  it("serves the kit's pictures as SVG, and nothing else by that name", async () => {
    const picture = await files.inject({ method: "GET", url: "/printables/files/picture/backpack.svg" });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers["content-type"]).toBe("image/svg+xml");
    expect(picture.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="[\d. ]+"><path /);
    expect((await files.inject({ method: "GET", url: "/printables/files/picture/no-such.svg" })).statusCode).toBe(404);
    expect((await files.inject({ method: "GET", url: "/printables/files/picture/..%2Fx.svg" })).statusCode).toBe(400);
  });

  it("draws a parent's own preview with their child's name, only at the address signed for them", async () => {
    const parent = await insertTestParent(database.db, { kidName: "Emma", topics: ["listening"] });
    const preview = await getKitPreview(services.printables, { token: parent.token, locale: "en" });
    expect(preview?.childName).toBe("Emma");
    expect(preview?.pages.map((page) => page.id)).toEqual([
      "trial-trace-name-big",
      "trial-follow-directions-0",
      "trial-colouring-teddy-bear",
    ]);
    const [first, second] = (preview?.pages ?? []).map((page) => new URL(page.src));
    if (!first || !second) throw new Error("no preview pages");
    // Neither the token nor the name is in the address.
    expect(first.href).not.toContain(parent.token);
    expect(first.href).not.toContain("Emma");
    const get = (url: URL) => files.inject({ method: "GET", url: `${url.pathname}${url.search}` });
    const named = await get(first);
    expect(named.statusCode).toBe(200);
    expect(named.headers["content-type"]).toBe("image/svg+xml");
    expect(named.headers["cache-control"]).toBe("private, max-age=86400");
    const shared = await files.inject({ method: "GET", url: `${first.pathname}?locale=en` });
    expect(named.body).not.toBe(shared.body);

    // Another page's signature, a missing one, or an erased parent: no picture.
    const swapped = new URL(first);
    swapped.searchParams.set("sig", second.searchParams.get("sig") ?? "");
    expect((await get(swapped)).statusCode).toBe(404);
    const unsigned = new URL(first);
    unsigned.searchParams.delete("sig");
    expect((await get(unsigned)).statusCode).toBe(404);
    await database.db.update(users).set({ erasedAt: now }).where(eq(users.id, parent.id));
    expect((await get(second)).statusCode).toBe(404);
  });

  // Last: it moves the clock on and charges every subscription then due.
  it("opens a book of the month with each monthly payment, and only then", async () => {
    const parent = await insertTestParent(database.db);
    expect(await payFirstPayment(app, parent.token)).toBe("approved");
    const [subscription] = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, parent.id));
    if (!subscription) throw new Error("no subscription");

    // In the trial: no book yet, the first one opens with the first monthly payment.
    const trial = (await printables(parent.token)).json();
    expect(trial.months).toEqual([]);
    expect(trial.next_month).toEqual({
      number: 1,
      title: kitContent("en").months["1"].title,
      opens_on: subscription.currentPeriodEnd.toISOString(),
    });

    // The trial ends and the renewal is charged: the farm book opens, the next waits for its payment.
    now = new Date(subscription.currentPeriodEnd.getTime() + 60_000);
    await runDueRenewals(services.payments);
    const paid = (await printables(parent.token)).json();
    expect(paid.months.map((month: { number: number }) => month.number)).toEqual([1]);
    expect(paid.next_month.number).toBe(2);
    const book = await download(paid.months[0].download_url);
    expect(book.statusCode).toBe(200);
    expect(book.headers["content-disposition"]).toMatch(/filename="kinderready-month-1-en\.pdf"/);
    const pages = documentPages({ kind: "month", number: 1 }, "en").length;
    expect(book.rawPayload.toString("latin1")).toContain(`/Count ${pages}`);
    // A book is one file, and a book not paid for yet does not open, even through a signed link.
    const single = paid.months[0].download_url.replace("/all.pdf", `/item-${kit.months[0]?.items[1]?.id}.pdf`);
    expect((await download(single)).statusCode).toBe(404);
    const unpaid = signDownloadLink(
      testDownloadUrlSecret,
      { userId: parent.id, scope: { kind: "month", number: 2 }, locale: "en", paper: "letter", expiresAt: 4e9 },
      "all",
    );
    expect((await download(`${testAppUrl}${unpaid}`)).statusCode).toBe(404);

    // A refunded monthly payment gives its book back.
    await database.db
      .update(orders)
      .set({ status: "refunded" })
      .where(and(eq(orders.userId, parent.id), eq(orders.purpose, "renewal")));
    expect((await printables(parent.token)).json().months).toEqual([]);
    now = clock;
  }, 60_000);
});
