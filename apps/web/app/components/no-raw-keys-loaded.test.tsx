import { testServices } from "@kinderready/api/test/test-api";
import type { DbHandle } from "@kinderready/db/open-db";
import { entitlements, orders, subscriptions, users } from "@kinderready/db/schema";
import { seedDatabase } from "@kinderready/db/seed-database";
import { openTestDatabase } from "@kinderready/db/test/test-databases";
import { setManualAccess } from "@kinderready/domain/console/customer-admin.server";
import {
  authenticateOperator,
  createOperator,
  signInOperator,
} from "@kinderready/domain/console/operator-accounts.server";
import { legalDocumentIds } from "@kinderready/domain/legal/legal-documents.server";
import { recordItemCompletion } from "@kinderready/domain/printables/printables.server";
import { setUpsellDisplayMode } from "@kinderready/domain/upsell/upsell.server";
import { type Locale, localeCodes, localizePath } from "@kinderready/i18n/locales";
import { serverI18n } from "@kinderready/i18n/server-i18n.server";
import type { Translator } from "@kinderready/i18n/translator";
import { kit } from "@kinderready/kit/catalogue";
import { and, count, desc, eq } from "drizzle-orm";
import { Window } from "happy-dom";
import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, type RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedConsoleData } from "../../../../bench/console-data.ts";
import { hydratingTranslator } from "../../test/hydrating-translator.ts";
import { rawKeysShown } from "../../test/raw-keys.ts";
import { routeTestConfig, routeTestContext } from "../../test/route-context.ts";
import { operatorContext } from "../console/operator-guard.server.ts";
import { TranslatorProvider } from "../i18n/translation-context.tsx";
import ConsoleAudit, { loader as consoleAuditLoader } from "../routes/console/audit/console-audit.tsx";
import ConsoleCustomer, { loader as consoleCustomerLoader } from "../routes/console/customers/console-customer.tsx";
import ConsoleCustomers, { loader as consoleCustomersLoader } from "../routes/console/customers/console-customers.tsx";
import ConsoleEmails, { loader as consoleEmailsLoader } from "../routes/console/emails/console-emails.tsx";
import ConsoleExperiments, {
  loader as consoleExperimentsLoader,
} from "../routes/console/experiments/console-experiments.tsx";
import ConsoleFunnel, { loader as consoleFunnelLoader } from "../routes/console/funnel/console-funnel.tsx";
import ConsoleLayout, { loader as consoleLayoutLoader } from "../routes/console/layout/console-layout.tsx";
import ConsoleOffer, { loader as consoleOfferLoader } from "../routes/console/offer/console-offer.tsx";
import ConsoleRetention, { loader as consoleRetentionLoader } from "../routes/console/retention/console-retention.tsx";
import ConsoleRevenue, { loader as consoleRevenueLoader } from "../routes/console/revenue/console-revenue.tsx";
import ConsoleSignIn from "../routes/console/sign-in/console-sign-in.tsx";
import Legal, { handle as legalHandle, loader as legalLoader } from "../routes/legal/legal.tsx";
import Printables, {
  handle as printablesHandle,
  loader as printablesLoader,
} from "../routes/printables/printables.tsx";

// No catalogue key can reach a parent or an operator on the pages whose loaders read the
// database: the legal documents, the printables (progress, locked levels, the upsell offer as a
// popup and as a tab, a level and a pack opened) and every console page, in every language; a
// parents' page with only the parts of the catalogue its route hydrates with (catalogue-parts.ts). The
// real loaders run on a synthetic business (the console bench's data set) with the request
// context a page gets; their data is rendered as the server renders the page, and its text and
// labels are searched for catalogue keys. The embedded database only: under test are the pages'
// words, not the queries (no-raw-keys.test.tsx: the quiz and purchase; -profile: the profile).

const origin = "http://kit.test";
const config = routeTestConfig(origin);
const now = new Date();

// A route's module as the stub takes it: its loader's data reaches the component as props.
type RouteComponent = ComponentType<never>;
type Loader = (args: never) => unknown;

let database: DbHandle;
let context: RouterContextProvider;
let customerId: string;
let parentToken: string;

beforeAll(async () => {
  database = await openTestDatabase({ name: "pglite", databaseUrl: undefined, dataDir: "memory://" });
  await seedDatabase(database.db);
  await seedConsoleData(database.db, { users: 60, events: 3000, now });
  const services = testServices(database.db, { send: async () => null });
  context = routeTestContext({ config, services, clientAddress: "192.0.2.10" });
  await createOperator(database, {
    email: "keys@kit.test",
    password: "a long operator passphrase",
    createdBy: null,
  });
  const session = await signInOperator(database, {
    email: "keys@kit.test",
    password: "a long operator passphrase",
    clientAddress: "192.0.2.10",
    now,
  });
  const operator = await authenticateOperator(database, { token: session.token, now });
  if (!operator) throw new Error("the operator did not sign in");
  context.set(operatorContext, operator);

  // The parent the console knows most about, and one who paid: the printables' offer is theirs.
  const [busiest] = await database.db
    .select({ id: orders.userId, orders: count() })
    .from(orders)
    .groupBy(orders.userId)
    .orderBy(desc(count()))
    .limit(1);
  // A subscriber whose first payment went through and whose card is on file: the upsell is offered.
  const [paid] = await database.db
    .select({ id: users.id, orderId: orders.orderId })
    .from(users)
    .innerJoin(subscriptions, eq(subscriptions.userId, users.id))
    .innerJoin(orders, eq(orders.userId, users.id))
    .where(and(eq(orders.purpose, "subscription"), eq(orders.status, "approved")))
    .limit(1);
  if (!busiest?.id || !paid) throw new Error("the synthetic business has no paying parent");
  customerId = busiest.id;
  // The data set's tokens are short labels; a parent's link carries a real one.
  parentToken = "raw-keys-parent-0123456789abcdef";
  await database.db.update(users).set({ token: parentToken }).where(eq(users.id, paid.id));
  await database.db.update(subscriptions).set({ cardToken: "card-on-file" }).where(eq(subscriptions.userId, paid.id));
  await database.db.insert(entitlements).values({ orderId: paid.orderId, userId: paid.id, kind: "subscription" });
  // The kit open by hand, the first level done and one page of the second: progress, and levels still locked.
  await setManualAccess(database, { operatorId: operator.id, userId: paid.id, granted: true, now });
  const [level0, level1] = kit.levels;
  for (const item of [...(level0?.items ?? []), ...(level1?.items ?? []).slice(0, 1)]) {
    await recordItemCompletion(services.printables, { userToken: parentToken, itemId: item.id, done: true });
  }
}, 120_000);
afterAll(async () => database?.close());

/** What `loader` answers for `url` with the test's request context (a `data()` answer unwrapped). */
async function load(loader: Loader, url: string, params: Record<string, string> = {}) {
  const request = new Request(new URL(url, origin));
  const loaded = (await (loader as (args: unknown) => unknown)({
    request,
    url: new URL(request.url),
    params,
    context,
    pattern: "",
  })) as unknown;
  return loaded && typeof loaded === "object" && "data" in loaded && "init" in loaded ? loaded.data : loaded;
}

/**
 * The page as the server renders it in `locale`: the route's component at `url` under a root and,
 * for the console, its frame, with the loaders' data as the page's first render has it. Returns
 * the body of the HTML, parsed.
 */
function renderRoute(
  locale: Locale,
  url: string,
  page: { path: string; id?: string; Component: RouteComponent; data: unknown },
  {
    frame,
    translator = serverI18n(locale),
  }: { frame?: { Component: RouteComponent; data: unknown }; translator?: Translator } = {},
): Element {
  const pageRoute = { path: page.path, id: page.id ?? "page", Component: page.Component, loader: () => null };
  const Stub = createRoutesStub([
    {
      id: "root",
      loader: () => null,
      children: [
        frame ? { id: "frame", Component: frame.Component, loader: () => null, children: [pageRoute] } : pageRoute,
      ],
    },
  ] as never);
  const loaderData = {
    root: { locale, config },
    [pageRoute.id]: page.data,
    ...(frame ? { frame: frame.data } : {}),
  };
  const html = renderToStaticMarkup(
    <TranslatorProvider translator={translator}>
      <Stub initialEntries={[url]} hydrationData={{ loaderData }} />
    </TranslatorProvider>,
  );
  const { document } = new Window({ url: origin });
  document.body.innerHTML = html;
  expect(document.querySelector("h1"), `${locale} ${url} rendered`).toBeTruthy();
  return document.body as unknown as Element;
}

describe.each(localeCodes)("no raw key in %s", (locale) => {
  const at = (path: string) => localizePath(path, locale);

  it("on every legal document", async () => {
    for (const document of legalDocumentIds) {
      const path = at(`/terms/${document}/`);
      const data = await load(legalLoader, path);
      const page = renderRoute(
        locale,
        path,
        { path, id: document, Component: Legal, data },
        { translator: hydratingTranslator(locale, legalHandle) },
      );
      expect(rawKeysShown(page), `${locale} ${document}`).toEqual([]);
    }
  });

  it("on the printables, with progress, locked levels and the upsell offer as a popup and as a tab", async () => {
    for (const mode of ["POPUP", "TABS"] as const) {
      await setUpsellDisplayMode({ db: database.db }, mode);
      for (const query of ["", "&level=2", "&pack=calm-and-confident"]) {
        const path = at("/printables/");
        const url = `${path}?token=${parentToken}${query}`;
        const data = await load(printablesLoader, url);
        const page = renderRoute(
          locale,
          url,
          { path, Component: Printables, data },
          { translator: hydratingTranslator(locale, printablesHandle) },
        );
        expect(page.querySelector(".kit-level--locked"), `${locale} ${mode}${query}: a locked level`).toBeTruthy();
        expect(page.querySelector(".upsell"), `${locale} ${mode}${query}: the offer`).toBeTruthy();
        expect(rawKeysShown(page), `${locale} printables ${mode}${query}`).toEqual([]);
      }
    }
  });

  it("on every console page", async () => {
    const frame = { Component: ConsoleLayout, data: await load(consoleLayoutLoader, "/admin/") };
    const pages = [
      ["/admin/", ConsoleFunnel, consoleFunnelLoader],
      ["/admin/?from=2020-13-45", ConsoleFunnel, consoleFunnelLoader],
      ["/admin/experiments/", ConsoleExperiments, consoleExperimentsLoader],
      ["/admin/revenue/", ConsoleRevenue, consoleRevenueLoader],
      // Each way a range of days is refused has its own message.
      ["/admin/revenue/?from=1900-01-01", ConsoleRevenue, consoleRevenueLoader],
      ["/admin/revenue/?from=2020-01-01", ConsoleRevenue, consoleRevenueLoader],
      ["/admin/retention/", ConsoleRetention, consoleRetentionLoader],
      ["/admin/retention/?from=1900-01-01", ConsoleRetention, consoleRetentionLoader],
      ["/admin/emails/", ConsoleEmails, consoleEmailsLoader],
      ["/admin/emails/?preview=pause-started&in=ar", ConsoleEmails, consoleEmailsLoader],
      ["/admin/?from=2021-01-02&to=2021-01-01", ConsoleFunnel, consoleFunnelLoader],
      ["/admin/audit/?to=9999-12-31", ConsoleAudit, consoleAuditLoader],
      ["/admin/audit/?to=2021-02-30", ConsoleAudit, consoleAuditLoader],
      ["/admin/customers/", ConsoleCustomers, consoleCustomersLoader],
      ["/admin/customers/?q=@", ConsoleCustomers, consoleCustomersLoader],
      ["/admin/customers/?q=example", ConsoleCustomers, consoleCustomersLoader],
      [`/admin/customers/${customerId}/`, ConsoleCustomer, consoleCustomerLoader],
      ["/admin/offer/", ConsoleOffer, consoleOfferLoader],
      ["/admin/audit/", ConsoleAudit, consoleAuditLoader],
    ] as const;
    for (const [url, Component, loader] of pages) {
      const path = url.split("?")[0] as string;
      const data = await load(loader, url, { userId: customerId });
      const page = renderRoute(locale, url, { path, Component, data }, { frame });
      expect(rawKeysShown(page), `${locale} ${url}`).toEqual([]);
    }
    const signIn = renderRoute(locale, "/admin/sign-in/", {
      path: "/admin/sign-in/",
      Component: ConsoleSignIn,
      data: { next: "/admin/", title: "" },
    });
    expect(rawKeysShown(signIn), `${locale} sign-in`).toEqual([]);
  });
});
