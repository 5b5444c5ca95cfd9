import type { AppServices } from "@kinderready/domain/app-services";
import { describe, expect, it } from "vitest";
import { routeTestConfig, routeTestContext } from "../../../../test/route-context.ts";
import { customerTables } from "../customers/customer-columns.tsx";
import { emailTables } from "../emails/email-columns.tsx";
import { experimentTables } from "../experiments/experiment-columns.tsx";
import { funnelTables } from "../funnel/funnel-columns.tsx";
import { retentionTables } from "../retention/retention-columns.tsx";
import { revenueTables } from "../revenue/revenue-columns.tsx";
import { subscriptionTables } from "../revenue/subscription-columns.tsx";
import type { Route } from "./+types/console-export";
import { loadConsoleExport } from "./console-export-route.server.ts";
import { exportReport } from "./export-registry.server.ts";

// The exports' registry and the refusals that come before any data is read: every page table
// has its export by name; a name it does not have, a split's results without a split, or a parent
// who cannot exist, is a plain-text answer naming what was wrong.

/** No database: each refusal here comes before any query. */
const noServices = {} as AppServices;

/** What the export at `path` throws (its refusal) or answers. */
async function exported(path: string): Promise<Response> {
  const url = `http://kit.test/admin/export/${path}`;
  const report = new URL(url).pathname.split("/").at(-1) ?? "";
  const context = routeTestContext({
    config: routeTestConfig("http://kit.test"),
    services: noServices,
    clientAddress: "10.0.0.4",
  });
  const args = { request: new Request(url), params: { report }, context, url: new URL(url), pattern: "" };
  try {
    return await loadConsoleExport(args as unknown as Route.LoaderArgs);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("the console's exports", () => {
  it("has an export for every table of every page", () => {
    const names = [
      "customers.csv",
      "audit.csv",
      "prices.csv",
      ...[
        customerTables,
        emailTables,
        experimentTables,
        funnelTables,
        retentionTables,
        revenueTables,
        subscriptionTables,
      ].flatMap((tables) => Object.keys(tables)),
    ];
    expect(names.filter((name) => !exportReport(name))).toEqual([]);
  });

  it("answers a name it does not have with a plain-text 404, names every object has included", async () => {
    for (const name of ["nothing.csv", "toString", "constructor", "__proto__"]) {
      const answer = await exported(name);
      expect(answer.status, name).toBe(404);
      expect(answer.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(await answer.text()).toBe("report: no such export\n");
    }
  });

  it("refuses a split's results without the split's name", async () => {
    const answer = await exported("experiment.csv?phase=first");
    expect(answer.status).toBe(400);
    expect(await answer.text()).toBe("split: must be a split's name\n");
  });

  it("refuses a customer's table for an id no parent can have", async () => {
    const answer = await exported("customer-charges.csv?user=not-an-id");
    expect(answer.status).toBe(404);
    expect(await answer.text()).toBe("user: no such customer\n");
  });
});
