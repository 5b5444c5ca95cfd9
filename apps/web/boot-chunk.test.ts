import { describe, expect, it } from "vitest";
import { bootChunk, type ModuleGraph } from "./boot-chunk.ts";

// A small module graph: the entry and the root route import the framework and the frame, a page
// route imports the frame and its own module, the frame loads a module on demand.
const modules: Record<string, { importedIds: string[]; dynamicallyImportedIds?: string[] }> = {
  entry: { importedIds: ["react", "translator"] },
  root: { importedIds: ["react", "frame"] },
  react: { importedIds: ["scheduler"] },
  scheduler: { importedIds: [] },
  translator: { importedIds: [] },
  frame: { importedIds: ["react"], dynamicallyImportedIds: ["reporter"] },
  reporter: { importedIds: [] },
  page: { importedIds: ["frame", "offer"] },
  offer: { importedIds: [] },
};
const graph: ModuleGraph = { getModuleInfo: (id) => modules[id] ?? null };
const chunkOf = (roots: string[]) => {
  const { name } = bootChunk(roots);
  return Object.fromEntries(Object.keys(modules).map((id) => [id, name(id, graph)]));
};

describe("the boot chunk", () => {
  it("holds what the roots import statically, directly or not, and leaves the roots, pages and later loads out", () => {
    expect(chunkOf(["entry", "root"])).toEqual({
      entry: null,
      root: null,
      react: "boot",
      scheduler: "boot",
      translator: "boot",
      frame: "boot",
      reporter: null,
      page: null,
      offer: null,
    });
  });

  it("fails the build when a root is not in it", () => {
    expect(() => chunkOf(["entry", "moved-root"])).toThrow(/moved-root/);
  });
});
