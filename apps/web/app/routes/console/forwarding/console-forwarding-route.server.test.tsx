import { testServices } from "@kinderready/api/test/test-api";
import type { DbHandle } from "@kinderready/db/open-db";
import { conversionEvents } from "@kinderready/db/schema";
import { openTestDatabase, testDatabases } from "@kinderready/db/test/test-databases";
import type { ConversionDestination } from "@kinderready/domain/analytics/forwarding/forwarding-adapter.server";
import { insertTestParent } from "@kinderready/domain/test/test-data.server";
import type { Locale } from "@kinderready/i18n/locales";
import { serverI18n } from "@kinderready/i18n/server-i18n.server";
import { Window } from "happy-dom";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawKeysShown } from "../../../../test/raw-keys.ts";
import { routeTestConfig, routeTestContext } from "../../../../test/route-context.ts";
import { TranslatorProvider } from "../../../i18n/translation-context.tsx";
import ConsoleForwarding from "./console-forwarding.tsx";
import { loadConsoleForwarding } from "./console-forwarding-route.server.ts";

// The forwarding page through its loader and component: with no destination configured, the
// conversions piling up are counted under a plain warning; a configured destination says so.

const origin = "http://kit.test";
const config = routeTestConfig(origin);

describe.each(testDatabases())("the console's forwarding page on $name", (target) => {
  let database: DbHandle;

  beforeAll(async () => {
    database = await openTestDatabase(target);
    const parent = await insertTestParent(database.db);
    await database.db.insert(conversionEvents).values(
      ["kr_forwarding_a", "kr_forwarding_b"].map((orderId) => ({
        userId: parent.id,
        event: "subscription",
        orderId,
        amount: 199,
        currency: "USD",
      })),
    );
  }, 60_000);
  afterAll(async () => database.close());

  async function page(locale: Locale, configured: ConversionDestination[]) {
    const services = { ...testServices(database.db, { send: async () => null }), forwardingDestinations: configured };
    const url = `${origin}/admin/forwarding/`;
    const data = await loadConsoleForwarding({
      request: new Request(url),
      context: routeTestContext({ config, services, clientAddress: "10.0.0.4" }),
      url: new URL(url),
      params: {},
      pattern: "",
    });
    const Stub = createRoutesStub([
      { id: "page", path: "/admin/forwarding/", Component: ConsoleForwarding, loader: () => null },
    ] as never);
    const html = renderToStaticMarkup(
      <TranslatorProvider translator={serverI18n(locale)}>
        <Stub initialEntries={["/admin/forwarding/"]} hydrationData={{ loaderData: { page: data } }} />
      </TranslatorProvider>,
    );
    const { document } = new Window({ url: origin });
    document.body.innerHTML = html;
    return document.body;
  }

  it("warns that nothing is forwarded and counts the conversions never sent", async () => {
    const body = await page("en", []);
    expect(body.querySelector("[role='alert']")?.textContent).toBe(
      "Nothing is forwarded: no destination is set up. Conversions never sent: 2.",
    );
    const meta = body.querySelector("section[aria-labelledby='forwarding-meta']");
    expect(meta?.textContent).toContain("Set upNo");
  });

  it("says which destinations are set up, without the warning", async () => {
    const body = await page("en", ["meta"]);
    expect(body.querySelector("[role='alert']")).toBeNull();
    expect(body.querySelector("section[aria-labelledby='forwarding-meta']")?.textContent).toContain("Set upYes");
    expect(body.querySelector("section[aria-labelledby='forwarding-ga4']")?.textContent).toContain("Set upNo");
    expect(body.textContent).toContain("Conversions waiting for the job's next run: 2.");
  });

  it.each(["en", "ru", "es", "fr", "ar", "de", "pt"] as const)("shows no catalogue key in %s", async (locale) => {
    expect(rawKeysShown((await page(locale, [])) as unknown as Element)).toEqual([]);
  });
});
