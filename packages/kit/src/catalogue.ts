import { z } from "zod";
import activitiesData from "../content/activities.json" with { type: "json" };

// The kit, as data: the trial level and levels 1-5, every printable (a drawing template and its
// parameters) and every activity card, and the add-on packs. Texts live per locale in
// content/<locale>.json; this module holds what does not change with the language. It is
// validated when it loads (and by its test), so a bad entry fails the build, not a download.

export const levels = [0, 1, 2, 3, 4, 5] as const;
/** 0 is the trial level; 1-5 unlock in order. */
export type LevelNumber = (typeof levels)[number];

export const skills = [
  "fine-motor",
  "letters",
  "numbers",
  "shapes-colours",
  "patterns-logic",
  "sizes-positions",
  "emotions-calming",
  "routines-independence",
  "chores",
  "screen-free-play",
  "social-listening",
] as const;
export type Skill = (typeof skills)[number];

export const quizTopics = [
  "independence",
  "independent-play",
  "whining",
  "emotions",
  "boundaries",
  "tantrums",
  "new-experiences",
  "social-confidence",
  "respect",
  "chores",
  "screen-time",
  "self-care",
  "listening",
  "positive-discipline",
] as const;

export const shapeIds = ["circle", "square", "triangle", "rectangle", "star", "heart", "oval", "diamond"] as const;
export type ShapeId = (typeof shapeIds)[number];
export const colourIds = ["red", "blue", "yellow", "green", "orange", "purple"] as const;
export const emotionIds = ["happy", "sad", "angry", "scared", "surprised", "calm"] as const;
export type EmotionId = (typeof emotionIds)[number];
export const linePatterns = ["straight", "diagonal", "waves", "zigzag", "loops", "bumps", "castle", "spiral"] as const;
export const patternKinds = ["AB", "AAB", "ABB", "ABC", "AABB", "ABCD"] as const;
export const routineIds = ["morning", "evening", "getting-dressed", "tidy-up", "leaving-home", "bath-time"] as const;
export const figures = ["star", "house", "fish", "heart", "boat", "tree", "rocket", "cat"] as const;
export const breathingShapes = ["star", "square", "triangle", "hexagon"] as const;

const range = z.object({ from: z.number().int().min(0).max(20), to: z.number().int().min(1).max(20) });

export const printableParams = z.discriminatedUnion("template", [
  z.object({ template: z.literal("trace-lines"), pattern: z.enum(linePatterns) }),
  z.object({
    template: z.literal("trace-letters"),
    case: z.enum(["upper", "lower"]),
    group: z.number().int().min(0).max(5),
  }),
  z.object({ template: z.literal("special-letters") }),
  z.object({ template: z.literal("trace-name") }),
  z.object({ template: z.literal("trace-words"), set: z.number().int().min(0).max(3) }),
  z.object({ template: z.literal("trace-numbers"), ...range.shape }),
  z.object({ template: z.literal("count-objects"), ...range.shape, object: z.enum(shapeIds) }),
  z.object({ template: z.literal("count-and-circle"), max: z.number().int().min(3).max(20), seed: z.number().int() }),
  z.object({ template: z.literal("add-objects"), max: z.number().int().min(3).max(20), seed: z.number().int() }),
  z.object({ template: z.literal("trace-shapes"), shapes: z.array(z.enum(shapeIds)).min(2).max(4) }),
  z.object({
    template: z.literal("colour-shapes"),
    shapes: z.array(z.enum(shapeIds)).min(2).max(4),
    seed: z.number().int(),
  }),
  z.object({
    template: z.literal("patterns"),
    kinds: z.array(z.enum(patternKinds)).min(2).max(5),
    seed: z.number().int(),
  }),
  z.object({ template: z.literal("maze"), size: z.number().int().min(4).max(16), seed: z.number().int() }),
  z.object({ template: z.literal("dot-to-dot"), figure: z.enum(figures), points: z.number().int().min(5).max(25) }),
  z.object({
    template: z.literal("matching"),
    mode: z.enum(["shapes", "counts"]),
    pairs: z.number().int().min(3).max(6),
    seed: z.number().int(),
  }),
  z.object({ template: z.literal("odd-one-out"), rows: z.number().int().min(3).max(6), seed: z.number().int() }),
  z.object({ template: z.literal("sizes"), mode: z.enum(["biggest", "smallest", "order"]), seed: z.number().int() }),
  z.object({
    template: z.literal("positions"),
    mode: z.enum(["above-below", "left-right", "inside-outside"]),
    seed: z.number().int(),
  }),
  z.object({ template: z.literal("emotion-faces"), emotions: z.array(z.enum(emotionIds)).min(3).max(6) }),
  z.object({ template: z.literal("feelings-checkin") }),
  z.object({ template: z.literal("calm-breathing"), shape: z.enum(breathingShapes) }),
  z.object({ template: z.literal("calm-down-choices") }),
  z.object({ template: z.literal("routine-chart"), routine: z.enum(routineIds) }),
  z.object({ template: z.literal("chore-chart"), set: z.enum(["first", "more"]) }),
  z.object({ template: z.literal("reward-chart"), stars: z.union([z.literal(10), z.literal(15), z.literal(20)]) }),
  z.object({ template: z.literal("screen-time-tokens") }),
  z.object({ template: z.literal("readiness-checklist"), level: z.number().int().min(0).max(5) }),
]);
export type PrintableParams = z.infer<typeof printableParams>;
export type TemplateId = PrintableParams["template"];

const skillOf: Record<TemplateId, Skill> = {
  "trace-lines": "fine-motor",
  maze: "fine-motor",
  "dot-to-dot": "fine-motor",
  "trace-letters": "letters",
  "special-letters": "letters",
  "trace-name": "letters",
  "trace-words": "letters",
  "trace-numbers": "numbers",
  "count-objects": "numbers",
  "count-and-circle": "numbers",
  "add-objects": "numbers",
  "trace-shapes": "shapes-colours",
  "colour-shapes": "shapes-colours",
  patterns: "patterns-logic",
  matching: "patterns-logic",
  "odd-one-out": "patterns-logic",
  sizes: "sizes-positions",
  positions: "sizes-positions",
  "emotion-faces": "emotions-calming",
  "feelings-checkin": "emotions-calming",
  "calm-breathing": "emotions-calming",
  "calm-down-choices": "emotions-calming",
  "routine-chart": "routines-independence",
  "readiness-checklist": "routines-independence",
  "chore-chart": "chores",
  "reward-chart": "chores",
  "screen-time-tokens": "screen-free-play",
};

const topicsOf: Partial<Record<TemplateId, (typeof quizTopics)[number][]>> = {
  "emotion-faces": ["emotions"],
  "feelings-checkin": ["emotions", "whining"],
  "calm-breathing": ["tantrums", "emotions"],
  "calm-down-choices": ["tantrums", "positive-discipline"],
  "routine-chart": ["independence", "self-care"],
  "chore-chart": ["chores", "respect"],
  "reward-chart": ["positive-discipline", "boundaries"],
  "screen-time-tokens": ["screen-time", "boundaries"],
  "readiness-checklist": ["independence"],
};

/** A stable id from the template and its parameters: `maze-6-s12`, `trace-letters-upper-2`. */
function printableId(params: PrintableParams): string {
  const parts = Object.entries(params)
    .filter(([key]) => key !== "template")
    .map(([key, value]) => (key === "seed" ? `s${value}` : Array.isArray(value) ? value.join("-") : String(value)));
  return [params.template, ...parts].join("-").toLowerCase();
}

const p = (params: PrintableParams) => params;

/** The printables of each level, easiest first. */
const printablesByLevel: Record<LevelNumber, PrintableParams[]> = {
  0: [
    p({ template: "trace-lines", pattern: "straight" }),
    p({ template: "trace-name" }),
    p({ template: "trace-numbers", from: 1, to: 3 }),
    p({ template: "count-objects", from: 1, to: 3, object: "star" }),
    p({ template: "trace-shapes", shapes: ["circle", "square"] }),
    p({ template: "patterns", kinds: ["AB", "AB"], seed: 1 }),
    p({ template: "maze", size: 4, seed: 1 }),
    p({ template: "emotion-faces", emotions: ["happy", "sad", "angry"] }),
    p({ template: "routine-chart", routine: "morning" }),
    p({ template: "reward-chart", stars: 10 }),
  ],
  1: [
    p({ template: "trace-lines", pattern: "diagonal" }),
    p({ template: "trace-lines", pattern: "waves" }),
    p({ template: "trace-lines", pattern: "zigzag" }),
    p({ template: "maze", size: 5, seed: 11 }),
    p({ template: "trace-letters", case: "upper", group: 0 }),
    p({ template: "trace-letters", case: "upper", group: 1 }),
    p({ template: "trace-numbers", from: 1, to: 5 }),
    p({ template: "count-objects", from: 1, to: 5, object: "heart" }),
    p({ template: "count-and-circle", max: 5, seed: 12 }),
    p({ template: "trace-shapes", shapes: ["triangle", "rectangle"] }),
    p({ template: "colour-shapes", shapes: ["circle", "square", "triangle"], seed: 13 }),
    p({ template: "patterns", kinds: ["AB", "AB", "AAB"], seed: 14 }),
    p({ template: "matching", mode: "shapes", pairs: 4, seed: 15 }),
    p({ template: "sizes", mode: "biggest", seed: 16 }),
    p({ template: "positions", mode: "above-below", seed: 17 }),
    p({ template: "emotion-faces", emotions: ["happy", "sad", "angry", "scared"] }),
    p({ template: "feelings-checkin" }),
    p({ template: "calm-breathing", shape: "star" }),
    p({ template: "routine-chart", routine: "evening" }),
    p({ template: "routine-chart", routine: "getting-dressed" }),
    p({ template: "chore-chart", set: "first" }),
    p({ template: "screen-time-tokens" }),
    p({ template: "readiness-checklist", level: 1 }),
  ],
  2: [
    p({ template: "trace-lines", pattern: "bumps" }),
    p({ template: "trace-lines", pattern: "castle" }),
    p({ template: "maze", size: 6, seed: 21 }),
    p({ template: "dot-to-dot", figure: "star", points: 10 }),
    p({ template: "trace-letters", case: "upper", group: 2 }),
    p({ template: "trace-letters", case: "upper", group: 3 }),
    p({ template: "trace-numbers", from: 6, to: 10 }),
    p({ template: "count-objects", from: 6, to: 10, object: "circle" }),
    p({ template: "count-and-circle", max: 10, seed: 22 }),
    p({ template: "trace-shapes", shapes: ["star", "heart", "oval"] }),
    p({ template: "colour-shapes", shapes: ["rectangle", "star", "heart", "circle"], seed: 23 }),
    p({ template: "patterns", kinds: ["AB", "AAB", "ABB"], seed: 24 }),
    p({ template: "matching", mode: "counts", pairs: 4, seed: 25 }),
    p({ template: "sizes", mode: "smallest", seed: 26 }),
    p({ template: "positions", mode: "inside-outside", seed: 27 }),
    p({ template: "emotion-faces", emotions: ["happy", "sad", "angry", "scared", "surprised"] }),
    p({ template: "calm-breathing", shape: "square" }),
    p({ template: "calm-down-choices" }),
    p({ template: "routine-chart", routine: "tidy-up" }),
    p({ template: "readiness-checklist", level: 2 }),
    p({ template: "reward-chart", stars: 15 }),
    p({ template: "trace-name" }),
    p({ template: "odd-one-out", rows: 4, seed: 28 }),
  ],
  3: [
    p({ template: "trace-lines", pattern: "loops" }),
    p({ template: "maze", size: 7, seed: 31 }),
    p({ template: "maze", size: 8, seed: 32 }),
    p({ template: "dot-to-dot", figure: "house", points: 12 }),
    p({ template: "trace-letters", case: "upper", group: 4 }),
    p({ template: "trace-letters", case: "upper", group: 5 }),
    p({ template: "trace-letters", case: "lower", group: 0 }),
    p({ template: "trace-numbers", from: 11, to: 15 }),
    p({ template: "count-objects", from: 11, to: 15, object: "square" }),
    p({ template: "count-and-circle", max: 15, seed: 33 }),
    p({ template: "trace-shapes", shapes: ["diamond", "oval", "rectangle"] }),
    p({ template: "colour-shapes", shapes: ["diamond", "oval", "triangle", "heart"], seed: 34 }),
    p({ template: "patterns", kinds: ["ABC", "AABB", "ABB"], seed: 35 }),
    p({ template: "matching", mode: "shapes", pairs: 5, seed: 36 }),
    p({ template: "odd-one-out", rows: 5, seed: 37 }),
    p({ template: "sizes", mode: "order", seed: 38 }),
    p({ template: "positions", mode: "left-right", seed: 39 }),
    p({ template: "emotion-faces", emotions: ["happy", "sad", "angry", "scared", "surprised", "calm"] }),
    p({ template: "calm-breathing", shape: "triangle" }),
    p({ template: "routine-chart", routine: "leaving-home" }),
    p({ template: "readiness-checklist", level: 3 }),
    p({ template: "chore-chart", set: "more" }),
    p({ template: "reward-chart", stars: 20 }),
  ],
  4: [
    p({ template: "trace-lines", pattern: "spiral" }),
    p({ template: "maze", size: 9, seed: 41 }),
    p({ template: "maze", size: 10, seed: 42 }),
    p({ template: "dot-to-dot", figure: "fish", points: 15 }),
    p({ template: "trace-letters", case: "lower", group: 1 }),
    p({ template: "trace-letters", case: "lower", group: 2 }),
    p({ template: "trace-words", set: 0 }),
    p({ template: "trace-words", set: 1 }),
    p({ template: "trace-numbers", from: 16, to: 20 }),
    p({ template: "count-objects", from: 16, to: 20, object: "triangle" }),
    p({ template: "add-objects", max: 5, seed: 43 }),
    p({ template: "count-and-circle", max: 20, seed: 44 }),
    p({ template: "colour-shapes", shapes: ["star", "diamond", "rectangle", "oval"], seed: 45 }),
    p({ template: "patterns", kinds: ["ABC", "AABB", "ABCD", "AAB"], seed: 46 }),
    p({ template: "matching", mode: "counts", pairs: 5, seed: 47 }),
    p({ template: "odd-one-out", rows: 6, seed: 48 }),
    p({ template: "positions", mode: "above-below", seed: 49 }),
    p({ template: "emotion-faces", emotions: ["surprised", "calm", "scared", "angry"] }),
    p({ template: "calm-breathing", shape: "hexagon" }),
    p({ template: "feelings-checkin" }),
    p({ template: "routine-chart", routine: "bath-time" }),
    p({ template: "readiness-checklist", level: 4 }),
    p({ template: "dot-to-dot", figure: "boat", points: 16 }),
  ],
  5: [
    p({ template: "maze", size: 11, seed: 51 }),
    p({ template: "maze", size: 12, seed: 52 }),
    p({ template: "dot-to-dot", figure: "tree", points: 18 }),
    p({ template: "dot-to-dot", figure: "rocket", points: 20 }),
    p({ template: "dot-to-dot", figure: "cat", points: 20 }),
    p({ template: "trace-letters", case: "lower", group: 3 }),
    p({ template: "trace-letters", case: "lower", group: 4 }),
    p({ template: "trace-letters", case: "lower", group: 5 }),
    p({ template: "special-letters" }),
    p({ template: "trace-words", set: 2 }),
    p({ template: "trace-words", set: 3 }),
    p({ template: "trace-numbers", from: 0, to: 20 }),
    p({ template: "add-objects", max: 10, seed: 53 }),
    p({ template: "count-and-circle", max: 20, seed: 54 }),
    p({ template: "patterns", kinds: ["ABCD", "AABB", "ABC", "ABB", "AAB"], seed: 55 }),
    p({ template: "matching", mode: "counts", pairs: 6, seed: 56 }),
    p({ template: "odd-one-out", rows: 6, seed: 57 }),
    p({ template: "sizes", mode: "order", seed: 58 }),
    p({ template: "positions", mode: "left-right", seed: 59 }),
    p({ template: "calm-down-choices" }),
    p({ template: "routine-chart", routine: "morning" }),
    p({ template: "readiness-checklist", level: 5 }),
    p({ template: "reward-chart", stars: 20 }),
  ],
};

/** The add-on packs (`add_ons`); buying the upsell unlocks all of them (`add_ons_all`). */
const packPrintables = {
  "alphabet-adventures": [
    ...[0, 1, 2, 3, 4, 5].map((group) => p({ template: "trace-letters", case: "upper", group })),
    ...[0, 1, 2, 3, 4, 5].map((group) => p({ template: "trace-letters", case: "lower", group })),
    ...[0, 1, 2, 3].map((set) => p({ template: "trace-words", set })),
    p({ template: "special-letters" }),
    p({ template: "trace-name" }),
    p({ template: "trace-lines", pattern: "loops" }),
    p({ template: "trace-lines", pattern: "spiral" }),
  ],
  "numbers-and-logic": [
    ...[101, 102, 103, 104, 105].map((seed, i) => p({ template: "maze", size: 6 + i * 2, seed })),
    ...(["star", "house", "fish", "rocket"] as const).map((figure, i) =>
      p({ template: "dot-to-dot", figure, points: 10 + i * 3 }),
    ),
    p({ template: "add-objects", max: 5, seed: 106 }),
    p({ template: "add-objects", max: 10, seed: 107 }),
    p({ template: "count-and-circle", max: 10, seed: 108 }),
    p({ template: "count-and-circle", max: 20, seed: 109 }),
    p({ template: "patterns", kinds: ["ABC", "ABCD", "AABB"], seed: 110 }),
    p({ template: "patterns", kinds: ["AAB", "ABB", "ABCD", "ABC"], seed: 111 }),
    p({ template: "odd-one-out", rows: 5, seed: 112 }),
    p({ template: "odd-one-out", rows: 6, seed: 113 }),
    p({ template: "matching", mode: "counts", pairs: 6, seed: 114 }),
    p({ template: "sizes", mode: "order", seed: 115 }),
    p({ template: "trace-numbers", from: 0, to: 20 }),
  ],
  "calm-and-confident": [
    p({ template: "emotion-faces", emotions: ["happy", "sad", "angry"] }),
    p({ template: "emotion-faces", emotions: ["scared", "surprised", "calm"] }),
    p({ template: "emotion-faces", emotions: ["happy", "sad", "angry", "scared", "surprised", "calm"] }),
    ...breathingShapes.map((shape) => p({ template: "calm-breathing", shape })),
    p({ template: "calm-down-choices" }),
    p({ template: "feelings-checkin" }),
    ...routineIds.map((routine) => p({ template: "routine-chart", routine })),
    p({ template: "screen-time-tokens" }),
  ],
} satisfies Record<string, PrintableParams[]>;

export type PackId = keyof typeof packPrintables;
export const packIds = Object.keys(packPrintables) as [PackId, ...PackId[]];

const activityData = z.object({
  id: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    .max(40),
  level: z.union([z.literal("trial"), z.number().int().min(1).max(5)]),
  skill: z.enum(skills),
  topics: z.array(z.enum(quizTopics)),
  minutes: z.number().int().min(3).max(30),
});

export type PrintableItem = {
  kind: "printable";
  id: string;
  skill: Skill;
  topics: string[];
  params: PrintableParams;
};
export type ActivityItem = { kind: "activity"; id: string; skill: Skill; topics: string[]; minutes: number };
export type KitItem = PrintableItem | ActivityItem;
export type KitLevel = { number: LevelNumber; items: KitItem[] };
export type KitPack = { id: PackId; items: PrintableItem[] };

function toPrintable(params: PrintableParams, scope: string): PrintableItem {
  const parsed = printableParams.parse(params);
  return {
    kind: "printable",
    id: `${scope}-${printableId(parsed)}`,
    skill: skillOf[parsed.template],
    topics: topicsOf[parsed.template] ?? [],
    params: parsed,
  };
}

function buildKit() {
  const activities = z.array(activityData.passthrough()).parse(activitiesData);
  const kitLevels: KitLevel[] = levels.map((number) => {
    const scope = number === 0 ? "trial" : `l${number}`;
    const printables = printablesByLevel[number].map((params) => toPrintable(params, scope));
    const cards: ActivityItem[] = activities
      .filter((activity) => (activity.level === "trial" ? 0 : activity.level) === number)
      .map((activity) => ({
        kind: "activity",
        id: activity.id,
        skill: activity.skill,
        topics: activity.topics,
        minutes: activity.minutes,
      }));
    // Printables and activities alternate skill by skill, so each sitting mixes both.
    return {
      number,
      items: [...printables, ...cards].sort((a, b) => skills.indexOf(a.skill) - skills.indexOf(b.skill)),
    };
  });
  const packs: KitPack[] = packIds.map((id) => ({
    id,
    items: packPrintables[id].map((params) => toPrintable(params, id)),
  }));
  const ids = [...kitLevels.flatMap((level) => level.items), ...packs.flatMap((pack) => pack.items)].map(
    (item) => item.id,
  );
  const duplicate = ids.find((id, index) => ids.indexOf(id) !== index);
  if (duplicate) throw new Error(`Kit item id used twice: ${duplicate}`);
  return { levels: kitLevels, packs };
}

export const kit = buildKit();

const byId = new Map<string, { item: KitItem; level?: LevelNumber; pack?: PackId }>([
  ...kit.levels.flatMap((level) => level.items.map((item) => [item.id, { item, level: level.number }] as const)),
  ...kit.packs.flatMap((pack) => pack.items.map((item) => [item.id, { item, pack: pack.id }] as const)),
]);

/** An item and where it belongs (a level or a pack), or undefined. */
export function findKitItem(id: string) {
  return byId.get(id);
}
