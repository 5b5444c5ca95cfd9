import { describe, expect, it } from "vitest";
import { kit } from "./catalogue.ts";
import { kitCounts, levelOneSamples, previewItems } from "./kit-preview.ts";

const trialIds = new Set(kit.levels[0]?.items.map((item) => item.id));

describe("the kit preview's pages", () => {
  it("lead with the child's name page, then the pages for the parent's topics, in their order", () => {
    const items = previewItems(["listening", "emotions"]);
    expect(items.map((item) => item.params.template)).toEqual(["trace-name", "follow-directions", "emotion-faces"]);
  });

  it("fill the row with colourful pages when the answers point nowhere in particular", () => {
    const items = previewItems([]);
    expect(items).toHaveLength(3);
    expect(items.map((item) => item.params.template)).toEqual(["trace-name", "colouring", "count-objects"]);
  });

  it("are worksheets of the trial level, each once", () => {
    const items = previewItems(["emotions", "emotions", "independence", "self-care", "chores"], 6);
    expect(items).toHaveLength(6);
    expect(new Set(items.map((item) => item.id)).size).toBe(6);
    for (const item of items) {
      expect(trialIds.has(item.id)).toBe(true);
      expect(item.kind).toBe("printable");
    }
  });

  it("count the kit's own worksheets and cards, as many as the offer promises", () => {
    const counts = kitCounts();
    const items = kit.levels.flatMap((level) => level.items);
    expect(counts.worksheets + counts.activities).toBe(items.length);
    expect(counts.worksheets).toBeGreaterThanOrEqual(100);
    expect(counts.activities).toBeGreaterThanOrEqual(100);
  });

  it("sample level 1 with a page of letters, one of numbers and one of shapes", () => {
    const samples = levelOneSamples();
    expect(samples.map((item) => item.skill)).toEqual(["letters", "numbers", "shapes-colours"]);
    expect(samples.every((item) => item.id.startsWith("l1-"))).toBe(true);
  });
});
