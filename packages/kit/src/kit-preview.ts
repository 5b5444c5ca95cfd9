import { kit, type PrintableItem } from "./catalogue.ts";

// The pages a parent sees of their child's kit before buying: worksheets of the trial level,
// the first thing they will print. The page with the child's name leads; then the pages for
// what the parent said matters (their quiz answers' topics, in their order); then the most
// colourful pages, so every parent sees a full row.

const trialPrintables = (kit.levels[0]?.items ?? []).filter((item): item is PrintableItem => item.kind === "printable");

const colourful = ["colouring", "count-objects", "maze", "trace-shapes"];

/** `count` worksheets of the trial level for a parent whose answers pointed at `topics`. */
export function previewItems(topics: readonly string[], count = 3): PrintableItem[] {
  const named = trialPrintables.filter((item) => item.params.template === "trace-name");
  const forTopics = topics.flatMap((topic) => trialPrintables.filter((item) => item.topics.includes(topic)));
  const fillers = colourful.flatMap((template) => trialPrintables.filter((item) => item.params.template === template));
  return [...new Set([...named, ...forTopics, ...fillers])].slice(0, count);
}

/** What the subscription holds, counted from the kit itself: its worksheets and activity cards. */
export function kitCounts(): { worksheets: number; activities: number } {
  const items = kit.levels.flatMap((level) => level.items);
  return {
    worksheets: items.filter((item) => item.kind === "printable").length,
    activities: items.filter((item) => item.kind === "activity").length,
  };
}

const insideSkills = ["letters", "numbers", "shapes-colours"] as const;

/** A first page of letters, numbers and shapes in level 1: what the kit is like past the trial. */
export function levelOneSamples(): PrintableItem[] {
  const levelOne = (kit.levels[1]?.items ?? []).filter((item): item is PrintableItem => item.kind === "printable");
  return insideSkills.flatMap((skill) => levelOne.find((item) => item.skill === skill) ?? []);
}
