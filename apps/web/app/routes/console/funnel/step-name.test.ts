import { funnelSteps } from "@kinderready/domain/analytics/funnel-steps";
import { serverI18n } from "@kinderready/i18n/server-i18n.server";
import { describe, expect, it } from "vitest";
import { stepName } from "./step-name.ts";

describe("stepName", () => {
  it("names every funnel step from the console catalogue", () => {
    const i18n = serverI18n("en");
    const translation = { t: i18n.namespace("console"), ifKnown: i18n.ifKnown("console") };
    const names = funnelSteps.map((step) => stepName(translation, step.id));
    // Every question and purchase page has a readable name, not its id.
    for (const name of names) expect(name).not.toMatch(/funnel\.|undefined|[a-z]-[a-z]|“/);
    expect(names).toContain("Question 17: Child's name");
    expect(names).toContain("Purchase page: What's inside");
    expect(names.slice(-6)).toEqual([
      "Saw the offer",
      "Started checkout",
      "Purchased",
      "Saw an upsell",
      "Bought an upsell",
      "Opened the printables",
    ]);
    expect(new Set(names).size).toBe(names.length);
  });
});
