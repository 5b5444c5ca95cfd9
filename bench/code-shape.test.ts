import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { measureCodeShape } from "./code-shape.ts";

// The budgets the code's shape is held to: no function over 150 lines, at most 8 over 100, no
// file importing more than 20 modules. A function that grows past them is split into named
// steps, a crowded file into modules of its own. Reads and writes stay in `*-queries.server.ts`
// files, which the web and the API never import: they call use cases.
const budgets = {
  functionsOver150: 0,
  functionsOver100: 8,
  filesOver20Imports: 0,
};

const shape = measureCodeShape(resolve(dirname(fileURLToPath(import.meta.url)), ".."));
const names = (entries: { name: string; lines: number }[]) => entries.map((fn) => `${fn.name} (${fn.lines})`);

describe("the code's shape", () => {
  it("keeps long functions within their budget", () => {
    expect(names(shape.longFunctions.filter((fn) => fn.lines > 150))).toHaveLength(budgets.functionsOver150);
    expect(names(shape.longFunctions).length).toBeLessThanOrEqual(budgets.functionsOver100);
  });

  it("keeps the files that import many modules within their budget", () => {
    expect(shape.crowdedFiles).toHaveLength(budgets.filesOver20Imports);
  });

  it("maps errors once, keeps rule files free of infrastructure and features free of cycles", () => {
    expect(shape.errorChecks).toBe(0);
    expect(shape.infrastructureImports).toBe(0);
    expect(shape.cycles).toEqual([]);
    expect(shape.consoleErrors).toBe(0);
  });

  it("keeps statements in the queries files and hands use cases their dependencies as deps", () => {
    expect(shape.statementsOutsideQueries).toEqual([]);
    expect(shape.useCasesTakingDb).toEqual([]);
    expect(shape.transportsReadingQueries).toEqual([]);
  });

  it('spells "upsale" only in the module that maps the wire names', () => {
    expect(shape.upsaleSpellings).toEqual([]);
  });
});
