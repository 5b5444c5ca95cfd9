import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { localeCodes } from "@kinderready/i18n/locales";
import { serverI18n } from "@kinderready/i18n/server-i18n.server";
import { describe, expect, it } from "vitest";
import { actionName } from "./action-name.ts";

// Every action the domain writes to the audit log reads as words on the audit page, in every
// language: the actions are found where they are written (`action: "…"` in the domain's code).

const domainSource = new URL("../../../../packages/domain/src/", import.meta.url).pathname;

function auditedActions(): string[] {
  const actions = new Set<string>();
  for (const entry of readdirSync(domainSource, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".ts") || entry.name.includes(".test.")) continue;
    const source = readFileSync(join(entry.parentPath, entry.name), "utf8");
    for (const match of source.matchAll(/\baction: "([a-z_.-]+)"/g)) actions.add(match[1] as string);
  }
  return [...actions].sort();
}

describe("audit action names", () => {
  it("finds the actions the domain audits", () => {
    expect(auditedActions()).toEqual(expect.arrayContaining(["customer.refund", "experiment.control", "sign-in"]));
  });

  it.each(localeCodes)("names every audited action in %s", (locale) => {
    const ifKnown = serverI18n(locale).ifKnown("console");
    const unnamed = auditedActions().filter((action) => actionName(ifKnown, action) === action);
    expect(unnamed).toEqual([]);
  });
});
