import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { measureCodeShape } from "./code-shape.ts";

// The budgets the code's shape is held to. A change that beats one lowers it here; none is
// ever raised. The goals: no function over 150 lines, at most 8 over 100, no file importing
// more than 20 modules.
const budgets = {
  functionsOver150: 13,
  functionsOver100: 36,
  filesOver20Imports: 10,
};

const shape = measureCodeShape(resolve(dirname(fileURLToPath(import.meta.url)), ".."));
const names = (entries: { name: string; lines: number }[]) => entries.map((fn) => `${fn.name} (${fn.lines})`);

describe("the code's shape", () => {
  it("keeps long functions within their budget", () => {
    expect(names(shape.longFunctions.filter((fn) => fn.lines > 150)).length).toBeLessThanOrEqual(
      budgets.functionsOver150,
    );
    expect(shape.longFunctions.length).toBeLessThanOrEqual(budgets.functionsOver100);
  });

  it("keeps the files that import many modules within their budget", () => {
    expect(shape.crowdedFiles.length).toBeLessThanOrEqual(budgets.filesOver20Imports);
  });

  it("maps errors once, keeps rule files free of infrastructure and features free of cycles", () => {
    expect(shape.errorChecks).toBe(0);
    expect(shape.infrastructureImports).toBe(0);
    expect(shape.cycles).toEqual([]);
    expect(shape.consoleErrors).toBe(0);
  });

  it('spells "upsale" only in the module that maps the wire names', () => {
    expect(shape.upsaleSpellings).toEqual([]);
  });
});
