import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Features call ports (the types they declare); which adapter answers is chosen once, where the
// server is composed. Production code elsewhere that imports an adapter would bypass that choice.

const root = fileURLToPath(new URL("../../../../", import.meta.url));

/** Where an adapter may be imported: the composition root and its plugins, and the simulator's loopback wiring. */
const composers = ["apps/web/server/", "packages/gateway-simulator/src/loopback-gateway.ts"];

function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (["node_modules", "build", "test", ".react-router"].includes(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return productionFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("adapters", () => {
  it("are imported only where the server is composed", () => {
    const importers = ["apps", "packages"]
      .flatMap((dir) => productionFiles(join(root, dir)))
      .filter((path) => readFileSync(path, "utf8").includes("@kinderready/domain/adapters/"))
      .map((path) => relative(root, path));
    expect(importers.length).toBeGreaterThan(0);
    expect(importers.filter((path) => !composers.some((allowed) => path.startsWith(allowed)))).toEqual([]);
  });
});
