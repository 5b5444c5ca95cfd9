import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The domain's feature folders import one another only downwards (docs/architecture.md, ADR
// 0032): lowest first, a feature may import the features of lower layers and never one of its
// own layer or above. A file at the top of src is a feature of its own, named by its file name.

const layers: readonly (readonly string[])[] = [
  ["product", "random-token", "request-throttle-queries.server", "uuid"],
  ["app-error", "error-reporting", "flows", "request-throttle.server", "subscriptions", "upsell-wire"],
  ["consent", "email", "geo", "parents", "validation"],
  ["pricing"],
  ["experiments", "legal"],
  ["payments"],
  ["onboarding", "printables", "upsell"],
  ["analytics", "profile"],
  ["console"],
  ["housekeeping-queries.server", "reminders", "reviews"],
  ["adapters", "app-services", "housekeeping-jobs.server", "known-failure"],
];

const src = dirname(fileURLToPath(import.meta.url));

function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return productionFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** A file's feature: its first folder under src, or the file's own name at the top. */
function featureOf(path: string): string {
  const [first = "", ...rest] = relative(src, path).split("/");
  return rest.length === 0 ? first.replace(/\.tsx?$/, "") : first;
}

type Import = { from: string; to: string; file: string };

/** Every relative import (static, dynamic, re-export, type-only) from one feature into another. */
function featureImports(): Import[] {
  return productionFiles(src).flatMap((path) =>
    [...readFileSync(path, "utf8").matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)].flatMap((match) => {
      const target = resolve(dirname(path), match[1] as string);
      if (!target.startsWith(`${src}/`)) return [];
      const from = featureOf(path);
      const to = featureOf(target);
      return from === to ? [] : [{ from, to, file: relative(src, path) }];
    }),
  );
}

/** The groups of features that reach one another (Tarjan's strongly connected components). */
function cyclesOf(imports: readonly Import[]): string[][] {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of imports) {
    graph.set(from, (graph.get(from) ?? new Set()).add(to));
    if (!graph.has(to)) graph.set(to, new Set());
  }
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) as number, low.get(target) as number));
      } else if (stack.includes(target)) {
        low.set(node, Math.min(low.get(node) as number, index.get(target) as number));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      component.push(member);
    } while (member !== node);
    if (component.length > 1) components.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return components;
}

describe("domain feature imports", () => {
  const imports = featureImports();

  it("form no cycle between features", () => {
    const cycles = cyclesOf(imports).map((cycle) => {
      const inside = imports.filter(({ from, to }) => cycle.includes(from) && cycle.includes(to));
      const through = new Set(inside.map(({ file, to }) => `${file} → ${to}`));
      return `${cycle.join(" ↔ ")}: ${[...through].join(", ")}`;
    });
    expect(cycles).toEqual([]);
  });

  it("go only to lower layers", () => {
    const layerOf = new Map(layers.flatMap((names, layer) => names.map((name) => [name, layer] as const)));
    const features = new Set(imports.flatMap(({ from, to }) => [from, to]));
    const unplaced = [...features].filter((feature) => !layerOf.has(feature));
    expect(unplaced, "features missing from the layers (docs/architecture.md)").toEqual([]);
    const upwards = imports
      .filter(({ from, to }) => (layerOf.get(to) ?? 0) >= (layerOf.get(from) ?? 0))
      .map(({ file, to }) => `${file} → ${to}`);
    expect([...new Set(upwards)]).toEqual([]);
  });

  it("sees the imports it judges", () => {
    expect(imports).toContainEqual({ from: "console", to: "pricing", file: "console/offer-settings.server.ts" });
    const loop = [
      { from: "a", to: "b", file: "a/x.ts" },
      { from: "b", to: "c", file: "b/y.ts" },
      { from: "c", to: "a", file: "c/z.ts" },
    ];
    expect(cyclesOf(loop)).toEqual([["a", "b", "c"]]);
  });
});
