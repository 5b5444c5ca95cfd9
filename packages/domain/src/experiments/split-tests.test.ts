import { describe, expect, it } from "vitest";
import {
  assignGroup,
  controlOf,
  findSplit,
  introOfferSplit,
  type SplitDefinition,
  splitPosition,
  splitsConfigSchema,
} from "./split-tests.ts";

const key = "test-split-group-key";
const groupOf = (split: SplitDefinition, id: string) => assignGroup(split, splitPosition(key, split.name, id));

const ids = Array.from({ length: 100_000 }, (_, index) => `user-${index}-${(index * 2654435761) % 1e9}`);

function shares(split: SplitDefinition) {
  const counts = new Map<string, number>();
  for (const id of ids) {
    const group = groupOf(split, id);
    counts.set(group, (counts.get(group) ?? 0) + 1);
  }
  return Object.fromEntries([...counts].map(([group, count]) => [group, count / ids.length]));
}

describe("split assignment", () => {
  it("gives the same user the same group every time, and differs by split", () => {
    for (const id of ids.slice(0, 1000)) expect(groupOf(introOfferSplit, id)).toBe(groupOf(introOfferSplit, id));
    const other = { ...introOfferSplit, name: "another-split" };
    const differing = ids.slice(0, 1000).filter((id) => groupOf(introOfferSplit, id) !== groupOf(other, id));
    expect(differing.length).toBeGreaterThan(400);
  });

  it("places by a key nobody outside holds: ids that land in B under one key are split under another", () => {
    const inB = ids.filter((id) => groupOf(introOfferSplit, id) === "B").slice(0, 1000);
    const underOtherKey = inB.filter(
      (id) => assignGroup(introOfferSplit, splitPosition("another-key", introOfferSplit.name, id)) === "B",
    );
    expect(underOtherKey.length).toBeGreaterThan(400);
    expect(underOtherKey.length).toBeLessThan(600);
  });

  it("matches the weights within 1% over 100,000 ids (0.5/0.5, 0.2/0.8, and three groups)", () => {
    const even = shares(introOfferSplit);
    expect(Math.abs((even.A ?? 0) - 0.5)).toBeLessThan(0.01);
    const skewed = shares({
      ...introOfferSplit,
      groups: [
        { name: "A", weight: 1 },
        { name: "B", weight: 4 },
      ],
    });
    expect(Math.abs((skewed.B ?? 0) - 0.8)).toBeLessThan(0.01);
    const three = shares({
      ...introOfferSplit,
      name: "three",
      groups: [
        { name: "A", weight: 0.5 },
        { name: "B", weight: 0.25 },
        { name: "C", weight: 0.25 },
      ],
    });
    expect(Math.abs((three.C ?? 0) - 0.25)).toBeLessThan(0.01);
  });

  it("ignores unknown splits", () => {
    expect(findSplit([introOfferSplit], "purchase", "intro-offer")).toBe(introOfferSplit);
    expect(findSplit([introOfferSplit], "purchase", "unknown")).toBeUndefined();
    expect(findSplit([introOfferSplit], "other-scope", "intro-offer")).toBeUndefined();
  });

  it("reads the remote configuration with 0.5 as the default weight", () => {
    expect(splitsConfigSchema.parse([{ scope: "s", name: "n", groups: [{ name: "A" }, { name: "B" }] }])).toEqual([
      {
        scope: "s",
        name: "n",
        groups: [
          { name: "A", weight: 0.5 },
          { name: "B", weight: 0.5 },
        ],
      },
    ]);
    expect(
      splitsConfigSchema.safeParse([{ scope: "s", name: "n", groups: [{ name: "A" }, { name: "A" }] }]).success,
    ).toBe(false);
    // The first configuration's shape, still in databases seeded before.
    expect(splitsConfigSchema.parse([{ scope: "s", name: "n", groups: { A: 0.25, B: 0.75 } }])[0]?.groups).toEqual([
      { name: "A", weight: 0.25 },
      { name: "B", weight: 0.75 },
    ]);
  });
});

describe("a split's control", () => {
  const groups = [
    { name: "A", weight: 0.5 },
    { name: "B", weight: 0.5 },
  ];

  it("is A unless the split names another of its groups; a name it does not have is refused", () => {
    const [plain, named] = splitsConfigSchema.parse([
      { scope: "purchase", name: "intro-offer", groups },
      { scope: "purchase", name: "other", groups, control: "B" },
    ]);
    expect(plain && controlOf(plain)).toBe("A");
    expect(named && controlOf(named)).toBe("B");
    const refused = splitsConfigSchema.safeParse([{ scope: "purchase", name: "x", groups, control: "C" }]);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual([0, "control"]);
  });

  it("falls back to the first group of a split without an A", () => {
    expect(
      controlOf({
        groups: [
          { name: "X", weight: 1 },
          { name: "Y", weight: 1 },
        ],
      }),
    ).toBe("X");
  });
});
