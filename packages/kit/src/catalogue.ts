import { z } from "zod";
import activitiesData from "../content/activities.json" with { type: "json" };
import firstEditionData from "../content/first-edition-levels.json" with { type: "json" };
import storiesData from "../content/stories.json" with { type: "json" };
import { type PictureId, pictureIds } from "./pictures/picture-catalogue.ts";
import { pictureThemes, type ThemeId, themeIds } from "./pictures/picture-themes.ts";

// The kit, as data: the trial level and levels 1-5, every printable (a drawing template and its
// parameters) and every activity card, and the add-on packs. Texts live per locale in
// content/<locale>.json and content/words/<locale>.json; this module holds what does not change
// with the language. It is validated when it loads (and by its test), so a bad entry fails the
// build, not a download.

export const levels = [0, 1, 2, 3, 4, 5] as const;
/** 0 is the trial level; 1-5 unlock in order. */
export type LevelNumber = (typeof levels)[number];
/** The levels as the keys of per-level texts and records. */
export const levelKeys = ["0", "1", "2", "3", "4", "5"] as const satisfies readonly `${LevelNumber}`[];
/**
 * The books of the month, one opened by each monthly payment: a theme each, in this order
 * (`themeIds`), with pages of their own, none shared with the levels.
 */
export const months = [1, 2, 3, 4, 5, 6] as const;
export type MonthNumber = (typeof months)[number];
export const monthKeys = ["1", "2", "3", "4", "5", "6"] as const satisfies readonly `${MonthNumber}`[];
/** Where an item belongs: a level of the kit, an add-on pack or a book of the month. */
export type ItemPlace = { level: LevelNumber } | { pack: PackId } | { month: MonthNumber };

/** The theme of a book of the month. */
export function monthTheme(month: MonthNumber): ThemeId {
  return themeIds[month - 1] as ThemeId;
}

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
/** What a parent asked for help with in the quiz (a user's `topics`). */
export type QuizTopic = (typeof quizTopics)[number];
/** A topic the parent asked about, with the words the quiz showed them for it (the site's texts). */
export type AskedTopic = { topic: QuizTopic; words: string };

export const shapeIds = ["circle", "square", "triangle", "rectangle", "star", "heart", "oval", "diamond"] as const;
export type ShapeId = (typeof shapeIds)[number];
export const emotionIds = ["happy", "sad", "angry", "scared", "surprised", "calm"] as const;
export type EmotionId = (typeof emotionIds)[number];
export const linePatterns = ["straight", "diagonal", "waves", "zigzag", "loops", "bumps", "castle", "spiral"] as const;
export type LinePattern = (typeof linePatterns)[number];
/** What children cut, easiest first: each level cuts the same or harder than the one before. */
export const cuttingModes = ["straight", "waves", "zigzag", "curves", "steps", "spiral", "shapes"] as const;
export const patternKinds = ["AB", "AAB", "ABB", "ABC", "AABB", "ABCD"] as const;
export const routineIds = [
  "morning",
  "evening",
  "getting-dressed",
  "tidy-up",
  "leaving-home",
  "bath-time",
  "school-morning",
] as const;
export const cutAndPasteModes = ["sounds", "families", "sizes", "shapes", "sequence", "ten-frame"] as const;
export const breathingShapes = ["star", "square", "triangle", "hexagon"] as const;
export const sizeModes = ["biggest", "smallest", "order", "tall-short", "long-short"] as const;
export const positionModes = ["on-under", "in-out", "left-right", "front-behind", "next-between"] as const;
export const letterGroupCount = 12;
/**
 * The social stories of the Calm & Confident pack, each four moments of a situation the child
 * meets, and the picture of each moment (the sentences are each language's).
 */
export const socialStories = {
  "first-day": ["backpack", "teacher", "puzzle", "house"],
  goodbye: ["hug", "waving-hand", "teddy-bear", "clock"],
  turns: ["ball", "folded-hands", "thumbs-up", "clapping-hands"],
  doctor: ["doctor", "heart-shape", "bandage", "medal"],
} as const satisfies Record<string, readonly [PictureId, PictureId, PictureId, PictureId]>;
export type SocialStoryId = keyof typeof socialStories;
export const socialStoryIds = Object.keys(socialStories) as [SocialStoryId, ...SocialStoryId[]];

const picture = z.enum(pictureIds as [PictureId, ...PictureId[]]);

const storyPictures = z.array(picture).min(2).max(3);
/**
 * The read-aloud stories: one for the trial, one a week in every level and one opening each
 * book of the month, each with the pictures that illustrate it. Their friend, the same
 * character in every story, is drawn on them and on the books' covers and certificates.
 */
export const stories = z
  .object({
    friend: picture,
    stories: z.array(
      z.union([
        z.object({
          id: z.string().regex(/^[0-5]-[1-4]$/),
          level: z.number().int().min(0).max(5),
          week: z.number().int().min(1).max(4),
          pictures: storyPictures,
        }),
        z.object({ id: z.string().regex(/^m[1-6]$/), month: z.number().int().min(1).max(6), pictures: storyPictures }),
      ]),
    ),
  })
  .parse(storiesData);
export const storyIds = stories.stories.map((story) => story.id) as [string, ...string[]];
const seed = z.number().int().min(1);
const letterGroup = z
  .number()
  .int()
  .min(0)
  .max(letterGroupCount - 1);
const range = z.object({ from: z.number().int().min(0).max(20), to: z.number().int().min(1).max(20) });

export const printableParams = z.discriminatedUnion("template", [
  // Pencil control and scissors
  z.object({ template: z.literal("trace-path"), rows: z.array(z.enum(linePatterns)).min(3).max(5), seed }),
  z.object({ template: z.literal("cutting"), mode: z.enum(cuttingModes), seed }),
  z.object({ template: z.literal("maze"), size: z.number().int().min(4).max(16), seed }),
  z.object({ template: z.literal("dot-to-dot"), figure: picture, points: z.number().int().min(8).max(30) }),
  z.object({ template: z.literal("colouring"), pictures: z.array(picture).min(1).max(4) }),
  z.object({ template: z.literal("colour-by-number"), picture }),
  // Letters and sounds
  z.object({
    template: z.literal("letters"),
    case: z.enum(["upper", "lower"]),
    group: letterGroup,
  }),
  z.object({ template: z.literal("my-letter") }),
  z.object({ template: z.literal("trace-name"), mode: z.enum(["big", "practice", "write"]) }),
  /** The child's name, a week of it: the weeks of levels 1-5 in order, less help each week. */
  z.object({ template: z.literal("name-week"), week: z.number().int().min(1).max(20) }),
  z.object({ template: z.literal("special-letters") }),
  z.object({ template: z.literal("trace-words"), set: z.number().int().min(0).max(4) }),
  z.object({ template: z.literal("sight-words"), set: z.number().int().min(0).max(2) }),
  z.object({ template: z.literal("mini-book"), book: z.number().int().min(0).max(2) }),
  z.object({
    template: z.literal("beginning-sounds"),
    groups: z.tuple([letterGroup, letterGroup]),
    seed,
  }),
  z.object({ template: z.literal("rhyming"), pairs: z.number().int().min(3).max(6), seed }),
  z.object({ template: z.literal("letter-match"), groups: z.tuple([letterGroup, letterGroup]), seed }),
  z.object({ template: z.literal("first-letter"), seed }),
  z.object({
    template: z.literal("letter-hunt"),
    group: letterGroup,
    seed,
  }),
  /** A page per letter of the group: trace it, find it, glue its pictures, its rhyme and a craft. */
  z.object({ template: z.literal("letter-booklet"), group: letterGroup }),
  // Numbers
  z.object({ template: z.literal("trace-numbers"), ...range.shape }),
  z.object({ template: z.literal("count-objects"), ...range.shape, seed }),
  z.object({ template: z.literal("count-and-circle"), max: z.number().int().min(3).max(20), seed }),
  z.object({ template: z.literal("ten-frame"), mode: z.enum(["count", "make-ten", "teens"]), seed }),
  z.object({
    template: z.literal("more-less"),
    mode: z.enum(["more", "fewer", "compare"]),
    max: z.number().int(),
    seed,
  }),
  z.object({
    template: z.literal("number-line"),
    to: z.number().int().min(10).max(20),
    mode: z.enum(["missing", "hops"]),
    seed,
  }),
  z.object({ template: z.literal("number-chart"), seed }),
  z.object({ template: z.literal("add-objects"), max: z.number().int().min(3).max(10), seed }),
  z.object({ template: z.literal("take-away"), max: z.number().int().min(3).max(10), seed }),
  z.object({ template: z.literal("count-scene"), seed }),
  z.object({ template: z.literal("picture-sudoku"), size: z.union([z.literal(3), z.literal(4)]), seed }),
  z.object({ template: z.literal("quick-look"), max: z.union([z.literal(5), z.literal(10)]), seed }),
  z.object({ template: z.literal("number-bonds"), total: z.union([z.literal(5), z.literal(10)]), seed }),
  z.object({
    template: z.literal("one-more-one-less"),
    max: z.union([z.literal(5), z.literal(10), z.literal(20)]),
    seed,
  }),
  z.object({ template: z.literal("picture-graph"), seed }),
  z.object({ template: z.literal("measure-objects"), seed }),
  /** Whole hours on a clock face: to read and write, or to match to the moments of a day. */
  z.object({ template: z.literal("clock-times"), mode: z.enum(["read", "day"]), seed }),
  /** Play coins of 1, 2, 5 and 10: rows to add up, or the coins that pay a price (up to 9). */
  z.object({
    template: z.literal("coins"),
    mode: z.enum(["count", "shop"]),
    max: z.number().int().min(5).max(20),
    seed,
  }),
  // Shapes and colours
  z.object({ template: z.literal("trace-shapes"), shapes: z.array(z.enum(shapeIds)).min(2).max(4) }),
  z.object({ template: z.literal("shape-hunt"), shapes: z.array(z.enum(shapeIds)).min(2).max(4), seed }),
  z.object({ template: z.literal("colour-shapes"), shapes: z.array(z.enum(shapeIds)).min(2).max(4), seed }),
  z.object({ template: z.literal("colour-words"), seed }),
  // Patterns and logic
  z.object({ template: z.literal("patterns"), kinds: z.array(z.enum(patternKinds)).min(3).max(5), seed }),
  z.object({
    template: z.literal("same-different"),
    mode: z.enum(["different", "same", "mirror"]),
    rows: z.number().int().min(3).max(6),
    seed,
  }),
  z.object({ template: z.literal("odd-one-out"), rows: z.number().int().min(3).max(6), seed }),
  z.object({ template: z.literal("whats-missing"), count: z.number().int().min(3).max(6), seed }),
  z.object({ template: z.literal("shadow-match"), pairs: z.number().int().min(3).max(6), seed }),
  z.object({ template: z.literal("sorting"), seed }),
  z.object({ template: z.literal("sequencing"), steps: z.union([z.literal(3), z.literal(4)]), seed }),
  z.object({
    template: z.literal("cut-and-paste"),
    mode: z.enum(cutAndPasteModes),
    /** Three-scene stories and frames of five (5), or four scenes and ten frames (10). */
    max: z.union([z.literal(5), z.literal(10)]),
    seed,
  }),
  // Sizes and positions
  z.object({ template: z.literal("sizes"), mode: z.enum(sizeModes), seed }),
  z.object({ template: z.literal("positions"), mode: z.enum(positionModes), seed }),
  // Feelings and calm
  z.object({ template: z.literal("emotion-faces"), emotions: z.array(z.enum(emotionIds)).min(3).max(6) }),
  z.object({ template: z.literal("feelings-checkin"), mode: z.enum(["faces", "why", "journal"]) }),
  z.object({ template: z.literal("how-would-you-feel"), seed }),
  z.object({ template: z.literal("calm-breathing"), shape: z.enum(breathingShapes) }),
  z.object({ template: z.literal("calm-down-choices"), mode: z.enum(["cards", "plan", "corner"]) }),
  z.object({ template: z.literal("feelings-thermometer") }),
  z.object({ template: z.literal("breathing-pictures"), set: z.number().int().min(0).max(1) }),
  z.object({ template: z.literal("brave-cards"), set: z.number().int().min(0).max(1) }),
  /** Four moments of a situation, a picture and a sentence each, told by the child ("I"). */
  z.object({ template: z.literal("social-story"), story: z.enum(socialStoryIds) }),
  /** Round stickers to colour and cut out, with praise words, for the star chart. */
  z.object({ template: z.literal("sticker-sheet") }),
  // Routines, chores, play, listening
  z.object({ template: z.literal("routine-chart"), routine: z.enum(routineIds) }),
  z.object({ template: z.literal("routine-strip"), routine: z.enum(routineIds) }),
  z.object({ template: z.literal("readiness-checklist"), level: z.number().int().min(0).max(5) }),
  z.object({ template: z.literal("chore-chart"), set: z.enum(["first", "more"]) }),
  z.object({
    template: z.literal("reward-chart"),
    stars: z.union([z.literal(10), z.literal(15), z.literal(20)]),
    mode: z.enum(["grid", "path"]),
  }),
  z.object({ template: z.literal("screen-time-tokens") }),
  z.object({ template: z.literal("i-spy"), seed }),
  z.object({ template: z.literal("picture-bingo"), seed }),
  z.object({ template: z.literal("follow-directions"), set: z.number().int().min(0).max(5) }),
  z.object({ template: z.literal("listen-and-draw"), set: z.number().int().min(0).max(2) }),
  z.object({ template: z.literal("story"), story: z.enum(storyIds) }),
]);
export type PrintableParams = z.infer<typeof printableParams>;
export type TemplateId = PrintableParams["template"];
export type ParamsOf<T extends TemplateId> = Extract<PrintableParams, { template: T }>;
/** Every template, in the order of the params union. */
export const templateIds = printableParams.options.map((option) => option.shape.template.value) as [
  TemplateId,
  ...TemplateId[],
];
/** The modes of the templates that have them: their instruction differs by mode. */
export const templateModes: Partial<Record<TemplateId, readonly string[]>> = Object.fromEntries(
  printableParams.options.flatMap((option) =>
    "mode" in option.shape ? [[option.shape.template.value, option.shape.mode.options]] : [],
  ),
);

const skillOf: Record<TemplateId, Skill> = {
  "trace-path": "fine-motor",
  cutting: "fine-motor",
  maze: "fine-motor",
  "dot-to-dot": "fine-motor",
  colouring: "fine-motor",
  "colour-by-number": "shapes-colours",
  letters: "letters",
  "my-letter": "letters",
  "trace-name": "letters",
  "name-week": "letters",
  "special-letters": "letters",
  "trace-words": "letters",
  "sight-words": "letters",
  "mini-book": "letters",
  "beginning-sounds": "letters",
  rhyming: "letters",
  "letter-match": "letters",
  "first-letter": "letters",
  "letter-hunt": "letters",
  "letter-booklet": "letters",
  "trace-numbers": "numbers",
  "count-objects": "numbers",
  "count-and-circle": "numbers",
  "ten-frame": "numbers",
  "more-less": "numbers",
  "number-line": "numbers",
  "number-chart": "numbers",
  "add-objects": "numbers",
  "take-away": "numbers",
  "count-scene": "numbers",
  "quick-look": "numbers",
  "number-bonds": "numbers",
  "one-more-one-less": "numbers",
  "picture-graph": "numbers",
  "measure-objects": "sizes-positions",
  "clock-times": "numbers",
  coins: "numbers",
  "picture-sudoku": "patterns-logic",
  "trace-shapes": "shapes-colours",
  "shape-hunt": "shapes-colours",
  "colour-shapes": "shapes-colours",
  "colour-words": "shapes-colours",
  patterns: "patterns-logic",
  "same-different": "patterns-logic",
  "odd-one-out": "patterns-logic",
  "whats-missing": "patterns-logic",
  "shadow-match": "patterns-logic",
  sorting: "patterns-logic",
  sequencing: "patterns-logic",
  "cut-and-paste": "fine-motor",
  sizes: "sizes-positions",
  positions: "sizes-positions",
  "emotion-faces": "emotions-calming",
  "feelings-checkin": "emotions-calming",
  "how-would-you-feel": "emotions-calming",
  "calm-breathing": "emotions-calming",
  "calm-down-choices": "emotions-calming",
  "feelings-thermometer": "emotions-calming",
  "breathing-pictures": "emotions-calming",
  "brave-cards": "emotions-calming",
  "social-story": "emotions-calming",
  "sticker-sheet": "chores",
  "routine-chart": "routines-independence",
  "routine-strip": "routines-independence",
  "readiness-checklist": "routines-independence",
  "chore-chart": "chores",
  "reward-chart": "chores",
  "screen-time-tokens": "screen-free-play",
  "i-spy": "screen-free-play",
  "picture-bingo": "screen-free-play",
  "follow-directions": "social-listening",
  "listen-and-draw": "social-listening",
  story: "social-listening",
};

const topicsOf: Partial<Record<TemplateId, (typeof quizTopics)[number][]>> = {
  "emotion-faces": ["emotions"],
  "feelings-checkin": ["emotions", "whining"],
  "how-would-you-feel": ["emotions", "social-confidence"],
  "calm-breathing": ["tantrums", "emotions"],
  "calm-down-choices": ["tantrums", "positive-discipline"],
  "feelings-thermometer": ["tantrums", "emotions"],
  "breathing-pictures": ["tantrums", "emotions"],
  "brave-cards": ["new-experiences", "social-confidence"],
  "social-story": ["new-experiences", "social-confidence"],
  "sticker-sheet": ["positive-discipline"],
  "routine-chart": ["independence", "self-care"],
  "routine-strip": ["independence", "self-care"],
  "chore-chart": ["chores", "respect"],
  "reward-chart": ["positive-discipline", "boundaries"],
  "screen-time-tokens": ["screen-time", "boundaries"],
  "i-spy": ["screen-time", "independent-play"],
  "picture-bingo": ["screen-time", "independent-play"],
  "readiness-checklist": ["independence"],
  "follow-directions": ["listening"],
  "listen-and-draw": ["listening"],
};

/** A stable id from the template and its parameters: `maze-6-s12`, `letters-upper-2`. */
function printableId(params: PrintableParams): string {
  const parts = Object.entries(params)
    .filter(([key]) => key !== "template")
    .map(([key, value]) => (key === "seed" ? `s${value}` : Array.isArray(value) ? value.join("-") : String(value)));
  return [params.template, ...parts].join("-").toLowerCase();
}

const p = (params: PrintableParams) => params;

/** A level's four weeks of the child's name, one page a week. */
const nameWeeks = (level: 1 | 2 | 3 | 4 | 5) =>
  [1, 2, 3, 4].map((week) => p({ template: "name-week", week: (level - 1) * 4 + week }));

/** A level's six cut-and-paste pages, one of each kind, seeded from `seed` on. */
const cutAndPaste = (max: 5 | 10, seed: number) =>
  cutAndPasteModes.map((mode, i) => p({ template: "cut-and-paste", mode, max, seed: seed + i }));

/** The printables of each level, in the order they are printed. */
const printablesByLevel: Record<LevelNumber, PrintableParams[]> = {
  0: [
    p({ template: "trace-path", rows: ["straight", "straight", "diagonal", "waves"], seed: 1 }),
    p({ template: "cutting", mode: "straight", seed: 2 }),
    p({ template: "colouring", pictures: ["teddy-bear"] }),
    p({ template: "maze", size: 4, seed: 1 }),
    p({ template: "trace-name", mode: "big" }),
    p({ template: "my-letter" }),
    p({ template: "trace-numbers", from: 1, to: 3 }),
    p({ template: "count-objects", from: 1, to: 5, seed: 3 }),
    p({ template: "trace-shapes", shapes: ["circle", "square", "triangle"] }),
    p({ template: "patterns", kinds: ["AB", "AB", "AB", "AB"], seed: 4 }),
    p({ template: "shadow-match", pairs: 4, seed: 5 }),
    p({ template: "sizes", mode: "biggest", seed: 6 }),
    p({ template: "emotion-faces", emotions: ["happy", "sad", "angry", "calm"] }),
    p({ template: "routine-chart", routine: "morning" }),
    p({ template: "reward-chart", stars: 10, mode: "grid" }),
    p({ template: "follow-directions", set: 0 }),
  ],
  1: [
    ...nameWeeks(1),
    p({ template: "trace-path", rows: ["diagonal", "diagonal", "zigzag", "zigzag"], seed: 11 }),
    p({ template: "trace-path", rows: ["waves", "waves", "bumps", "bumps"], seed: 12 }),
    p({ template: "cutting", mode: "waves", seed: 13 }),
    p({ template: "maze", size: 5, seed: 11 }),
    p({ template: "colouring", pictures: ["elephant", "apple"] }),
    p({ template: "letters", case: "upper", group: 0 }),
    p({ template: "letters", case: "upper", group: 1 }),
    p({ template: "letters", case: "upper", group: 2 }),
    p({ template: "letters", case: "upper", group: 3 }),
    p({ template: "trace-numbers", from: 1, to: 5 }),
    p({ template: "count-objects", from: 1, to: 5, seed: 14 }),
    p({ template: "count-and-circle", max: 5, seed: 15 }),
    p({ template: "quick-look", max: 5, seed: 110 }),
    ...cutAndPaste(5, 140),
    p({ template: "one-more-one-less", max: 5, seed: 111 }),
    p({ template: "more-less", mode: "more", max: 5, seed: 16 }),
    p({ template: "trace-shapes", shapes: ["rectangle", "oval", "star"] }),
    p({ template: "colour-shapes", shapes: ["circle", "square", "triangle"], seed: 17 }),
    p({ template: "colour-words", seed: 18 }),
    p({ template: "patterns", kinds: ["AB", "AB", "AAB", "AAB"], seed: 19 }),
    p({ template: "same-different", mode: "different", rows: 5, seed: 20 }),
    p({ template: "sizes", mode: "smallest", seed: 21 }),
    p({ template: "positions", mode: "on-under", seed: 22 }),
    p({ template: "emotion-faces", emotions: ["happy", "sad", "angry", "scared", "surprised", "calm"] }),
    p({ template: "feelings-checkin", mode: "faces" }),
    p({ template: "calm-breathing", shape: "star" }),
    p({ template: "routine-chart", routine: "evening" }),
    p({ template: "routine-chart", routine: "getting-dressed" }),
    p({ template: "readiness-checklist", level: 1 }),
    p({ template: "chore-chart", set: "first" }),
    p({ template: "screen-time-tokens" }),
    p({ template: "i-spy", seed: 23 }),
    p({ template: "follow-directions", set: 1 }),
  ],
  2: [
    ...nameWeeks(2),
    p({ template: "trace-path", rows: ["castle", "castle", "loops", "loops"], seed: 31 }),
    p({ template: "cutting", mode: "zigzag", seed: 32 }),
    p({ template: "maze", size: 6, seed: 21 }),
    p({ template: "dot-to-dot", figure: "star", points: 10 }),
    p({ template: "colouring", pictures: ["fish", "butterfly", "sun", "car"] }),
    p({ template: "letters", case: "upper", group: 4 }),
    p({ template: "letters", case: "upper", group: 5 }),
    p({ template: "letters", case: "upper", group: 6 }),
    p({ template: "letters", case: "upper", group: 7 }),
    p({ template: "beginning-sounds", groups: [0, 3], seed: 33 }),
    p({ template: "trace-name", mode: "practice" }),
    p({ template: "trace-numbers", from: 6, to: 10 }),
    p({ template: "count-objects", from: 6, to: 10, seed: 34 }),
    p({ template: "ten-frame", mode: "count", seed: 35 }),
    p({ template: "more-less", mode: "fewer", max: 10, seed: 36 }),
    p({ template: "quick-look", max: 10, seed: 112 }),
    ...cutAndPaste(10, 150),
    p({ template: "number-bonds", total: 5, seed: 113 }),
    p({ template: "one-more-one-less", max: 10, seed: 114 }),
    p({ template: "trace-shapes", shapes: ["heart", "diamond", "circle"] }),
    p({ template: "shape-hunt", shapes: ["circle", "triangle", "rectangle"], seed: 37 }),
    p({ template: "colour-by-number", picture: "tropical-fish" }),
    p({ template: "patterns", kinds: ["AAB", "ABB", "ABB", "ABC"], seed: 38 }),
    p({ template: "whats-missing", count: 3, seed: 39 }),
    p({ template: "sorting", seed: 40 }),
    p({ template: "sizes", mode: "tall-short", seed: 41 }),
    p({ template: "positions", mode: "in-out", seed: 42 }),
    p({ template: "how-would-you-feel", seed: 43 }),
    p({ template: "calm-breathing", shape: "square" }),
    p({ template: "calm-down-choices", mode: "cards" }),
    p({ template: "routine-chart", routine: "tidy-up" }),
    p({ template: "readiness-checklist", level: 2 }),
    p({ template: "reward-chart", stars: 15, mode: "grid" }),
    p({ template: "picture-bingo", seed: 44 }),
    p({ template: "follow-directions", set: 2 }),
  ],
  3: [
    ...nameWeeks(3),
    p({ template: "trace-path", rows: ["loops", "spiral", "spiral", "zigzag"], seed: 51 }),
    p({ template: "cutting", mode: "curves", seed: 52 }),
    p({ template: "maze", size: 7, seed: 31 }),
    p({ template: "maze", size: 8, seed: 32 }),
    p({ template: "dot-to-dot", figure: "house", points: 12 }),
    p({ template: "letters", case: "upper", group: 8 }),
    p({ template: "letters", case: "upper", group: 9 }),
    p({ template: "letters", case: "upper", group: 10 }),
    p({ template: "letters", case: "upper", group: 11 }),
    p({ template: "beginning-sounds", groups: [4, 11], seed: 53 }),
    p({ template: "rhyming", pairs: 4, seed: 54 }),
    p({ template: "sight-words", set: 0 }),
    p({ template: "mini-book", book: 0 }),
    p({ template: "trace-numbers", from: 11, to: 15 }),
    p({ template: "count-objects", from: 11, to: 15, seed: 55 }),
    p({ template: "number-line", to: 10, mode: "missing", seed: 56 }),
    p({ template: "ten-frame", mode: "make-ten", seed: 57 }),
    p({ template: "more-less", mode: "compare", max: 10, seed: 58 }),
    p({ template: "number-bonds", total: 10, seed: 115 }),
    p({ template: "picture-graph", seed: 116 }),
    ...cutAndPaste(10, 160),
    p({ template: "colour-by-number", picture: "rooster" }),
    p({ template: "shape-hunt", shapes: ["square", "star", "oval"], seed: 59 }),
    p({ template: "patterns", kinds: ["ABC", "ABC", "AABB", "AABB"], seed: 60 }),
    p({ template: "odd-one-out", rows: 5, seed: 61 }),
    p({ template: "sequencing", steps: 3, seed: 62 }),
    p({ template: "shadow-match", pairs: 5, seed: 63 }),
    p({ template: "sizes", mode: "order", seed: 64 }),
    p({ template: "positions", mode: "left-right", seed: 65 }),
    p({ template: "emotion-faces", emotions: ["scared", "surprised", "calm"] }),
    p({ template: "calm-breathing", shape: "triangle" }),
    p({ template: "routine-chart", routine: "leaving-home" }),
    p({ template: "readiness-checklist", level: 3 }),
    p({ template: "chore-chart", set: "more" }),
    p({ template: "reward-chart", stars: 20, mode: "grid" }),
    p({ template: "follow-directions", set: 3 }),
  ],
  4: [
    ...nameWeeks(4),
    p({ template: "trace-path", rows: ["spiral", "loops", "castle", "waves"], seed: 71 }),
    p({ template: "cutting", mode: "steps", seed: 72 }),
    p({ template: "maze", size: 9, seed: 41 }),
    p({ template: "maze", size: 10, seed: 42 }),
    p({ template: "dot-to-dot", figure: "fish", points: 15 }),
    ...[0, 1, 2, 3, 4, 5].map((group) => p({ template: "letters", case: "lower", group })),
    p({ template: "letter-match", groups: [0, 5], seed: 73 }),
    p({ template: "trace-words", set: 0 }),
    p({ template: "trace-words", set: 1 }),
    p({ template: "rhyming", pairs: 5, seed: 74 }),
    p({ template: "sight-words", set: 1 }),
    p({ template: "mini-book", book: 1 }),
    p({ template: "trace-name", mode: "write" }),
    p({ template: "trace-numbers", from: 16, to: 20 }),
    p({ template: "count-objects", from: 16, to: 20, seed: 75 }),
    p({ template: "add-objects", max: 5, seed: 76 }),
    p({ template: "number-line", to: 20, mode: "missing", seed: 77 }),
    p({ template: "ten-frame", mode: "teens", seed: 78 }),
    p({ template: "picture-graph", seed: 118 }),
    ...cutAndPaste(10, 170),
    p({ template: "colour-by-number", picture: "fire-engine" }),
    p({ template: "patterns", kinds: ["ABCD", "AABB", "ABC", "ABB"], seed: 79 }),
    p({ template: "same-different", mode: "mirror", rows: 5, seed: 80 }),
    p({ template: "whats-missing", count: 5, seed: 81 }),
    p({ template: "sequencing", steps: 4, seed: 82 }),
    p({ template: "sizes", mode: "long-short", seed: 83 }),
    p({ template: "measure-objects", seed: 117 }),
    p({ template: "positions", mode: "front-behind", seed: 84 }),
    p({ template: "how-would-you-feel", seed: 85 }),
    p({ template: "feelings-checkin", mode: "why" }),
    p({ template: "calm-breathing", shape: "hexagon" }),
    p({ template: "routine-chart", routine: "bath-time" }),
    p({ template: "readiness-checklist", level: 4 }),
    p({ template: "picture-bingo", seed: 86 }),
    p({ template: "follow-directions", set: 4 }),
  ],
  5: [
    ...nameWeeks(5),
    p({ template: "cutting", mode: "spiral", seed: 91 }),
    p({ template: "cutting", mode: "shapes", seed: 92 }),
    p({ template: "maze", size: 11, seed: 51 }),
    p({ template: "maze", size: 12, seed: 52 }),
    p({ template: "dot-to-dot", figure: "rocket", points: 18 }),
    p({ template: "dot-to-dot", figure: "elephant", points: 22 }),
    ...[6, 7, 8, 9, 10, 11].map((group) => p({ template: "letters", case: "lower", group })),
    p({ template: "special-letters" }),
    p({ template: "trace-words", set: 2 }),
    p({ template: "trace-words", set: 3 }),
    p({ template: "trace-words", set: 4 }),
    p({ template: "first-letter", seed: 93 }),
    p({ template: "rhyming", pairs: 6, seed: 94 }),
    p({ template: "sight-words", set: 2 }),
    p({ template: "mini-book", book: 2 }),
    p({ template: "number-chart", seed: 95 }),
    p({ template: "add-objects", max: 10, seed: 96 }),
    p({ template: "take-away", max: 5, seed: 97 }),
    p({ template: "take-away", max: 10, seed: 122 }),
    ...cutAndPaste(10, 180),
    p({ template: "number-line", to: 20, mode: "hops", seed: 98 }),
    p({ template: "count-and-circle", max: 20, seed: 99 }),
    p({ template: "number-bonds", total: 10, seed: 119 }),
    p({ template: "one-more-one-less", max: 20, seed: 121 }),
    p({ template: "colour-by-number", picture: "unicorn" }),
    p({ template: "patterns", kinds: ["ABCD", "AABB", "ABC", "ABB", "AAB"], seed: 100 }),
    p({ template: "odd-one-out", rows: 6, seed: 101 }),
    p({ template: "shadow-match", pairs: 6, seed: 102 }),
    p({ template: "sizes", mode: "order", seed: 103 }),
    p({ template: "measure-objects", seed: 120 }),
    p({ template: "positions", mode: "next-between", seed: 104 }),
    p({ template: "calm-down-choices", mode: "plan" }),
    p({ template: "routine-chart", routine: "school-morning" }),
    p({ template: "readiness-checklist", level: 5 }),
    p({ template: "reward-chart", stars: 20, mode: "path" }),
    p({ template: "follow-directions", set: 5 }),
    p({ template: "listen-and-draw", set: 0 }),
  ],
};

/** The add-on packs (`add_ons`); buying the upsell unlocks all of them (`add_ons_all`). */
const packPrintables = {
  // A page per letter of the alphabet, with pictures no level shows for that letter.
  "alphabet-adventures": Array.from({ length: letterGroupCount }, (_, group) =>
    p({ template: "letter-booklet", group }),
  ),
  "numbers-and-logic": [
    p({ template: "clock-times", mode: "read", seed: 240 }),
    p({ template: "clock-times", mode: "day", seed: 241 }),
    p({ template: "coins", mode: "count", max: 10, seed: 242 }),
    p({ template: "coins", mode: "count", max: 20, seed: 243 }),
    p({ template: "coins", mode: "shop", max: 9, seed: 244 }),
    p({ template: "picture-graph", seed: 245 }),
    p({ template: "measure-objects", seed: 246 }),
    ...[211, 212].map((seed) => p({ template: "count-scene", seed })),
    p({ template: "picture-sudoku", size: 3, seed: 216 }),
    p({ template: "picture-sudoku", size: 4, seed: 217 }),
    p({ template: "picture-sudoku", size: 4, seed: 218 }),
    p({ template: "patterns", kinds: ["ABCD", "ABC", "AABB", "ABB"], seed: 219 }),
    p({ template: "patterns", kinds: ["AAB", "ABCD", "ABC", "AABB", "ABB"], seed: 220 }),
    p({ template: "odd-one-out", rows: 5, seed: 221 }),
    p({ template: "odd-one-out", rows: 6, seed: 222 }),
    p({ template: "whats-missing", count: 6, seed: 223 }),
    p({ template: "add-objects", max: 8, seed: 224 }),
    p({ template: "take-away", max: 10, seed: 225 }),
    p({ template: "ten-frame", mode: "make-ten", seed: 226 }),
    p({ template: "number-line", to: 20, mode: "hops", seed: 227 }),
    p({ template: "maze", size: 13, seed: 228 }),
    p({ template: "dot-to-dot", figure: "duck", points: 18 }),
    p({ template: "dot-to-dot", figure: "tree", points: 18 }),
  ],
  "calm-and-confident": [
    p({ template: "breathing-pictures", set: 0 }),
    p({ template: "breathing-pictures", set: 1 }),
    p({ template: "feelings-thermometer" }),
    p({ template: "calm-down-choices", mode: "corner" }),
    p({ template: "brave-cards", set: 0 }),
    p({ template: "brave-cards", set: 1 }),
    p({ template: "routine-strip", routine: "morning" }),
    p({ template: "routine-strip", routine: "evening" }),
    p({ template: "routine-strip", routine: "leaving-home" }),
    p({ template: "how-would-you-feel", seed: 231 }),
    p({ template: "feelings-checkin", mode: "journal" }),
    p({ template: "emotion-faces", emotions: ["happy", "sad", "angry", "scared"] }),
    ...socialStoryIds.map((story) => p({ template: "social-story", story })),
    p({ template: "reward-chart", stars: 15, mode: "path" }),
    p({ template: "sticker-sheet" }),
    p({ template: "listen-and-draw", set: 1 }),
  ],
} satisfies Record<string, PrintableParams[]>;

/**
 * A book of the month: its story, then about twenty pages of every strand, each drawing its
 * pictures from the month's theme. Seeds of their own, so no page repeats a level's.
 */
function monthPrintables(month: MonthNumber): PrintableParams[] {
  const theme = pictureThemes[monthTheme(month)];
  const seed = 300 + month * 20;
  return [
    p({ template: "story", story: `m${month}` }),
    p({ template: "trace-path", rows: ["waves", "zigzag", "loops", "bumps"], seed }),
    p({ template: "maze", size: 7 + (month % 3), seed: seed + 1 }),
    p({ template: "cutting", mode: "curves", seed: seed + 2 }),
    p({ template: "dot-to-dot", figure: theme.dotToDot, points: 18 }),
    p({ template: "colouring", pictures: [...theme.colouring] }),
    p({ template: "trace-words", set: 0 }),
    p({ template: "letter-hunt", group: (month - 1) * 2, seed: seed + 15 }),
    p({ template: "count-objects", from: 1, to: 10, seed: seed + 3 }),
    p({ template: "count-and-circle", max: 10, seed: seed + 4 }),
    p({ template: "add-objects", max: 5, seed: seed + 5 }),
    p({ template: "take-away", max: 5, seed: seed + 6 }),
    p({ template: "picture-graph", seed: seed + 7 }),
    p({ template: "cut-and-paste", mode: "ten-frame", max: 10, seed: seed + 8 }),
    p({ template: "colour-by-number", picture: theme.colourByNumber }),
    p({ template: "patterns", kinds: ["AB", "AAB", "ABC", "ABB"], seed: seed + 9 }),
    p({ template: "whats-missing", count: 4, seed: seed + 10 }),
    p({ template: "picture-sudoku", size: 4, seed: seed + 11 }),
    p({ template: "shadow-match", pairs: 5, seed: seed + 12 }),
    p({ template: "sizes", mode: "order", seed: seed + 13 }),
    p({ template: "picture-bingo", seed: seed + 14 }),
  ];
}

export type PackId = keyof typeof packPrintables;
export const packIds = Object.keys(packPrintables) as [PackId, ...PackId[]];

const materialSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("picture-cards"),
    pictures: z.array(picture).min(2).max(12),
    /** What is written under each picture: its name, the action it shows, or nothing. */
    words: z.enum(["pictures", "actions", "none"]),
  }),
  z.object({ kind: z.literal("number-cards"), from: z.number().int().min(0), to: z.number().int().max(20) }),
  z.object({ kind: z.literal("letter-cards"), source: z.enum(["initial", "name", "alphabet"]) }),
  z.object({ kind: z.literal("face-cards"), emotions: z.array(z.enum(emotionIds)).min(3).max(6) }),
  z.object({ kind: z.literal("cutting-strips"), modes: z.array(z.enum(cuttingModes)).min(2).max(4) }),
  z.object({ kind: z.literal("roads"), narrow: z.boolean() }),
  z.object({ kind: z.literal("dot-grids") }),
  z.object({ kind: z.literal("race-track"), squares: z.number().int().min(10).max(30) }),
  z.object({ kind: z.literal("hand-outline"), mirror: z.boolean() }),
  z.object({
    kind: z.literal("tally-chart"),
    pictures: z.array(picture).min(2).max(4),
    /** Shapes heading the columns, above their pictures (a shape hunt). */
    shapes: z.array(z.enum(shapeIds)).min(2).max(4).optional(),
  }),
  z.object({ kind: z.literal("mirror-halves"), pictures: z.array(picture).min(2).max(4) }),
]);
export type Material = z.infer<typeof materialSchema>;

/** Printouts the grown-up cuts up (the rest are sheets used whole, or cut by the child). */
export function isCutOut(material: Material): boolean {
  if (material.kind === "letter-cards") return material.source !== "initial";
  return ["picture-cards", "number-cards", "face-cards"].includes(material.kind);
}

const activityData = z.object({
  id: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    .max(40),
  level: z.union([z.literal("trial"), z.number().int().min(1).max(5)]),
  skill: z.enum(skills),
  topics: z.array(z.enum(quizTopics)),
  minutes: z.number().int().min(3).max(30),
  /** What the card needs printed (cards to cut, strips, a track), printed right after it. */
  material: materialSchema.optional(),
});

export type PrintableItem = {
  kind: "printable";
  id: string;
  skill: Skill;
  topics: string[];
  params: PrintableParams;
  /** The week of its level's plan the page belongs to (1-4), when it is a weekly page. */
  week?: number;
  /** A book of the month's page: the theme its pictures are drawn from. */
  theme?: ThemeId;
};
export type ActivityItem = {
  kind: "activity";
  id: string;
  skill: Skill;
  topics: string[];
  minutes: number;
  material?: Material;
};
export type KitItem = PrintableItem | ActivityItem;
export type KitLevel = { number: LevelNumber; items: KitItem[] };
export type KitPack = { id: PackId; items: PrintableItem[] };
export type KitMonth = { number: MonthNumber; theme: ThemeId; items: PrintableItem[] };

/** The week of a level's plan a weekly page is for. */
function weekOf(params: PrintableParams): number | undefined {
  if (params.template === "name-week") return ((params.week - 1) % 4) + 1;
  if (params.template === "story") {
    const story = stories.stories.find((entry) => entry.id === params.story);
    return story && "week" in story ? story.week : undefined;
  }
  return undefined;
}

function toPrintable(params: PrintableParams, scope: string): PrintableItem {
  const parsed = printableParams.parse(params);
  const week = weekOf(parsed);
  return {
    kind: "printable",
    id: `${scope}-${printableId(parsed)}`,
    skill: skillOf[parsed.template],
    topics: topicsOf[parsed.template] ?? [],
    params: parsed,
    ...(week && { week }),
  };
}

function buildKit() {
  const activities = z.array(activityData).parse(activitiesData);
  const kitLevels: KitLevel[] = levels.map((number) => {
    const scope = number === 0 ? "trial" : `l${number}`;
    const weekStories = stories.stories
      .filter((story) => "level" in story && story.level === number)
      .map((story) => p({ template: "story", story: story.id }));
    const printables = [...printablesByLevel[number], ...weekStories].map((params) => toPrintable(params, scope));
    const cards: ActivityItem[] = activities
      .filter((activity) => (activity.level === "trial" ? 0 : activity.level) === number)
      .map((activity) => ({
        kind: "activity",
        id: activity.id,
        skill: activity.skill,
        topics: activity.topics,
        minutes: activity.minutes,
        ...(activity.material && { material: activity.material }),
      }));
    // Worksheets first, grouped by skill in the order of `skills`; the cards follow, two a page.
    const bySkill = (a: KitItem, b: KitItem) => skills.indexOf(a.skill) - skills.indexOf(b.skill);
    return { number, items: [...printables.sort(bySkill), ...cards.sort(bySkill)] };
  });
  const packs: KitPack[] = packIds.map((id) => ({
    id,
    items: packPrintables[id].map((params) => toPrintable(params, id)),
  }));
  const kitMonths: KitMonth[] = months.map((number) => {
    const theme = monthTheme(number);
    return {
      number,
      theme,
      items: monthPrintables(number).map((params) => ({ ...toPrintable(params, `m${number}`), theme })),
    };
  });
  const ids = [
    ...kitLevels.flatMap((level) => level.items),
    ...packs.flatMap((pack) => pack.items),
    ...kitMonths.flatMap((month) => month.items),
  ].map((item) => item.id);
  const duplicate = ids.find((id, index) => ids.indexOf(id) !== index);
  if (duplicate) throw new Error(`Kit item id used twice: ${duplicate}`);
  return { levels: kitLevels, packs, months: kitMonths };
}

export const kit = buildKit();

type FoundItem = { item: KitItem; place: ItemPlace; level?: LevelNumber; pack?: PackId; month?: MonthNumber };

const byId = new Map<string, FoundItem>([
  ...kit.levels.flatMap((level) =>
    level.items.map((item) => [item.id, { item, level: level.number, place: { level: level.number } }] as const),
  ),
  ...kit.packs.flatMap((pack) =>
    pack.items.map((item) => [item.id, { item, pack: pack.id, place: { pack: pack.id } }] as const),
  ),
  ...kit.months.flatMap((month) =>
    month.items.map((item) => [item.id, { item, month: month.number, place: { month: month.number } }] as const),
  ),
]);

/** An item and where it belongs (a level or a pack, and as a place), or undefined. */
export function findKitItem(id: string) {
  return byId.get(id);
}

/**
 * The items of each level in the kit's first edition. A parent who finished a level then keeps
 * it finished: levels open by progress, and the second edition's items have new ids.
 */
export const firstEditionLevels = z.record(z.enum(levelKeys), z.array(z.string()).min(1)).parse(firstEditionData);
