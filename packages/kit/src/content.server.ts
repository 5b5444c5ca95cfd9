import type { Locale } from "@kinderready/i18n/locales";
import { z } from "zod";
import {
  breathingShapes,
  emotionIds,
  kit,
  levelKeys,
  monthKeys,
  packIds,
  routineIds,
  shapeIds,
  skills,
  socialStoryIds,
  storyIds,
  type TemplateId,
  templateIds,
  templateModes,
} from "./catalogue.ts";
import { kitBookletSources } from "./content-booklets.server.ts";
import { kitStorySources } from "./content-stories.server.ts";
import { kitTextSources } from "./content-texts.server.ts";
import { kitWordSources } from "./content-words.server.ts";
import { formatNumber } from "./letters.ts";
import { memoize } from "./memoize.ts";
import { type PictureId, pictureIds } from "./pictures/picture-catalogue.ts";
import { families } from "./pictures/picture-sets.ts";
import { positionKey, positionScenes } from "./templates/sizes-positions.ts";

// The kit's words in each language: page furniture, the front and back pages, level and
// template titles, chart contents, the sentences read aloud, the activity cards (content/<locale>.json),
// and the word list: the name of every picture, the pictures for each letter, rhymes and words to
// trace (content/words/<locale>.json). One schema for all seven; a missing or empty text fails at load.

const text = z.string().trim().min(1);

// A count is written out in the language's words ("1 minute", "5 минут"), never abbreviated: its
// message has a form per CLDR plural category, as the app's catalogues do (`minutes_one`,
// `minutes_few`, …, `minutes_other`, with {{count}}), and the language's own categories are checked
// at load (parseKitContent).
const pluralCategories = ["zero", "one", "two", "few", "many", "other"] as const;
type PluralCategory = (typeof pluralCategories)[number];
const pluralSuffix = new RegExp(`_(${pluralCategories.join("|")})$`);

/** The keys of a plural message: `key_other` required, the language decides which others it has. */
const plural = <Key extends string>(key: Key) =>
  Object.fromEntries(
    pluralCategories.map((category) => [
      `${key}_${category}`,
      category === "other" ? text.includes("{{count}}") : text.optional(),
    ]),
  ) as { [C in PluralCategory as `${Key}_${C}`]: C extends "other" ? z.ZodString : z.ZodOptional<z.ZodString> };

// Records over an enum are exhaustive in zod 4: every key must be there.
const recordOf = <K extends string, V extends z.ZodType>(keys: readonly [K, ...K[]], value: V) =>
  z.record(z.enum(keys), value);

const templateText = z
  .object({ title: text, instruction: text, modes: z.record(z.string(), text).optional() })
  .strict();

const activityIds = kit.levels.flatMap((level) =>
  level.items.filter((item) => item.kind === "activity").map((item) => item.id),
);
const positionKeys = Object.values(positionScenes).flatMap((scenes) => scenes.map(positionKey)) as [
  string,
  ...string[],
];
const crayonIds = ["red", "blue", "yellow", "green", "orange", "purple", "brown", "pink", "grey", "black"] as const;

export const activityText = z.object({
  title: text,
  materials: z.array(text).min(1).max(5),
  steps: z.array(text).min(2).max(6),
  teaches: text,
});
export type ActivityText = z.infer<typeof activityText>;

export const kitContentSchema = z.object({
  page: z.object({
    brand: text,
    madeFor: text.includes("{{name}}"),
    nameLine: text,
    dateLine: text,
    trialLevel: text,
    level: text.includes("{{number}}"),
    pack: text,
    footer: text,
    ...plural("minutes"),
    youNeed: text,
    steps: text,
    teaches: text,
    /** The days of the week in the order a week starts in this language's countries. */
    days: z.array(text).length(7),
  }),
  book: z.object({
    cover: text,
    kitName: text,
    madeFor: text,
    ...plural("worksheets"),
    ...plural("activities"),
    packDescription: text,
    monthDescription: text,
    contents: text,
    guideTitle: text,
    guideTips: z.array(text).min(3).max(5),
    tracker: text,
    /** A level's page for grown-ups and its plan of the month. */
    levelGuide: z.object({
      title: text.includes("{{level}}"),
      goals: text,
      check: text,
      now: text,
      end: text,
      tipsTitle: text,
      hardTitle: text,
      hardTips: z.array(text).length(4),
      planTitle: text,
      planIntro: text,
      week: text.includes("{{number}}"),
      day: text.includes("{{number}}"),
      card: text.includes("{{number}}"),
      focus: text,
      /** Why a level's plan starts each week with pencil and scissors (a child of three or younger). */
      leadYounger: text,
      /** Why it starts each week with letters and numbers (five or older). */
      leadOlder: text,
    }),
    answers: text,
    certificate: text,
    awardedTo: text,
    completed: text.includes("{{level}}"),
    wellDone: text,
    signature: text,
    cutOutsTitle: text.includes("{{title}}"),
    cutOutsInstruction: text,
    cutOutsNext: text,
    sheetTitle: text.includes("{{title}}"),
    sheetInstruction: text,
    sheetNext: text,
    activityLog: text,
  }),
  levels: recordOf(levelKeys, z.object({ title: text, description: text })),
  packs: recordOf(packIds, text),
  months: recordOf(monthKeys, z.object({ title: text, description: text })),
  skills: recordOf(skills, text),
  templates: recordOf(templateIds, templateText).superRefine((templates, context) => {
    for (const [id, modes] of Object.entries(templateModes)) {
      for (const mode of modes ?? []) {
        if (!templates[id as TemplateId]?.modes?.[mode]) {
          context.addIssue({ code: "custom", path: [id, "modes", mode], message: "instruction for this mode missing" });
        }
      }
    }
  }),
  values: z.object({
    shapes: recordOf(shapeIds, text),
    colours: recordOf(crayonIds, text),
    emotions: recordOf(emotionIds, text),
    breathing: recordOf(breathingShapes, text),
    breatheIn: text,
    breatheOut: text,
    hold: text,
    sizes: z.object({
      biggest: text,
      smallest: text,
      order: text,
      tallest: text,
      shortest: text,
      longest: text,
      shortestLength: text,
    }),
    circleMore: text,
    circleFewer: text,
    circleMost: text,
    oneLess: text,
    oneMore: text,
    big: text,
    small: text,
    forms: z.object({ alone: text, start: text, middle: text, end: text }),
    lettersJoined: text.includes("{{letters}}"),
    /** The title of a letter's practice page. */
    letterPage: text.includes("{{letter}}"),
    /** The title of an Arabic letter's page of joined forms. */
    letterForms: text.includes("{{letter}}"),
    nameLetters: text,
    nameCount: text,
    drawYourself: text,
    colourLetter: text.includes("{{letter}}"),
    /** Under a letter's picture word when the letter is not where the word starts ("ends with x"). */
    letterInWord: text.includes("{{letter}}"),
    families: recordOf(Object.keys(families) as [keyof typeof families, ...(keyof typeof families)[]], text),
    todayIFeel: text,
    because: text,
    whenIFeel: text.includes("{{feeling}}"),
    calmCorner: text,
    calmPlan: z.object({ stop: text, breathe: text, choose: text }),
    thermometer: z.array(text).length(5),
    whatHelps: text,
    myReward: text,
    token: text,
    screenFreeIdeas: text,
    /** The action words of the read-and-do cards, by the picture that shows them. */
    actions: z.object({
      walking: text,
      dancing: text,
      "clapping-hands": text,
      "waving-hand": text,
      swimming: text,
      "raising-hand": text,
    }),
  }),
  routines: recordOf(routineIds, z.object({ title: text, steps: z.array(text).min(4).max(6) })),
  chores: z.object({ first: z.array(text).length(6), more: z.array(text).length(6) }),
  calmChoices: z.array(text).length(6),
  checklist: recordOf(levelKeys, z.array(text).min(5).max(8)),
  positions: recordOf(positionKeys, text),
  directions: z.array(z.array(text).min(4).max(5)).length(6),
  drawings: z.array(z.array(text).length(4)).length(3),
  breathingCards: z.array(z.object({ title: text, text })).length(8),
  braveCards: z.array(text).length(12),
  /** The social stories of the Calm & Confident pack: a title and a sentence per picture. */
  socialStories: recordOf(socialStoryIds, z.object({ title: text, lines: z.tuple([text, text, text, text]) }).strict()),
  /** Praise words on the sticker sheet. */
  stickers: z.array(text).length(6),
  activities: z.record(z.string(), activityText).superRefine((cards, context) => {
    for (const id of activityIds) {
      if (!(id in cards)) context.addIssue({ code: "custom", path: [id], message: "activity card missing" });
    }
  }),
});

export type KitContent = z.infer<typeof kitContentSchema>;

const pictureId = z.enum(pictureIds as [PictureId, ...PictureId[]]);

export const kitWordsSchema = z.object({
  /** The everyday word for every picture. */
  pictures: recordOf(pictureIds as [PictureId, ...PictureId[]], text),
  /** For each letter of the alphabet (capitals; Arabic isolated forms), pictures that start with its sound. */
  letters: z.record(z.string(), z.array(pictureId).min(1).max(3)),
  /** Letters no picturable word starts with: their pictures contain the letter instead. */
  lettersInside: z.array(z.string()),
  rhymes: z.array(z.tuple([pictureId, pictureId])).min(8),
  /** Short words to trace, easiest first. */
  wordSets: z.array(z.array(pictureId).length(4)).length(5),
  /** Words a beginner learns to read at sight, for levels 3, 4 and 5. */
  sightWords: z.tuple([z.array(text).length(8), z.array(text).length(8), z.array(text).length(9)]),
  /** A little book a level (3 to 5) that reads with the sight words so far and its pictures. */
  books: z
    .array(
      z.object({
        title: text,
        pages: z.array(z.object({ text, picture: pictureId })).length(6),
        end: text,
      }),
    )
    .length(3),
});
export type KitWords = z.infer<typeof kitWordsSchema>;

/** The read-aloud stories in a language: their friend's name, and each story with two questions to talk about. */
export const kitStoriesSchema = z.object({
  friend: text,
  /** The heading of a story page ("Story time with Pip"). */
  title: text,
  talkTitle: text,
  stories: recordOf(
    storyIds,
    z
      .object({
        title: text,
        text: z.array(text).min(3).max(5),
        talk: z.tuple([text, text]),
        /** Pictures of this language's version, where it tells the story with other things (a rhyme, a word to read). */
        pictures: z.array(pictureId).min(2).max(3).optional(),
      })
      .strict(),
  ),
});
export type KitStories = z.infer<typeof kitStoriesSchema>;

/**
 * A language's letter pages (the Alphabet Adventures pack): what each part of a page is called,
 * and for every letter of the alphabet its pictures (none a level shows for that letter), a
 * two-line rhyme and a tiny craft.
 */
export const kitBookletsSchema = z.object({
  panels: z
    .object({ trace: text, find: text, glue: text, glueInside: text, write: text, rhyme: text, craft: text })
    .strict(),
  letters: z.record(
    z.string(),
    z.object({ pictures: z.array(pictureId).max(2), rhyme: z.tuple([text, text]), craft: text }).strict(),
  ),
});
export type KitBooklets = z.infer<typeof kitBookletsSchema>;

function parseOrThrow<T>(schema: z.ZodType<T>, what: string, locale: string, source: unknown): T {
  const parsed = schema.safeParse(source);
  if (!parsed.success) throw new Error(`${what} for ${locale} is invalid: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export function parseKitContent(locale: string, source: unknown): KitContent {
  const content = parseOrThrow(kitContentSchema, "Kit content", locale, source);
  const wrong = pluralFormBreaches(locale, content);
  if (wrong.length > 0) throw new Error(`Kit content for ${locale} has wrong plural forms: ${wrong.join("; ")}`);
  return content;
}

/** Plural messages whose forms are not exactly the language's plural categories. */
function pluralFormBreaches(locale: string, content: unknown): string[] {
  const expected = new Intl.PluralRules(locale).resolvedOptions().pluralCategories.slice().sort().join(", ");
  const forms = new Map<string, string[]>();
  const walk = (node: unknown, path: string) => {
    if (typeof node !== "object" || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      const match = pluralSuffix.exec(key);
      if (match && typeof value === "string") {
        const base = `${path}${key.slice(0, match.index)}`;
        forms.set(base, [...(forms.get(base) ?? []), match[1] as string]);
      } else walk(value, `${path}${key}.`);
    }
  };
  walk(content, "");
  return [...forms]
    .map(([base, found]) => [base, found.sort().join(", ")] as const)
    .filter(([, found]) => found !== expected)
    .map(([base, found]) => `${base} has ${found}, not ${expected}`);
}

/** Parsed on first use, then kept: the texts do not change while the process runs. */
export const kitContent = memoize((locale: Locale) => parseKitContent(locale, kitTextSources[locale]));
export const kitWords = memoize((locale: Locale) =>
  parseOrThrow(kitWordsSchema, "Kit word list", locale, kitWordSources[locale]),
);
export const kitStories = memoize((locale: Locale) =>
  parseOrThrow(kitStoriesSchema, "Kit stories", locale, kitStorySources[locale]),
);
export const kitBooklets = memoize((locale: Locale) =>
  parseOrThrow(kitBookletsSchema, "Kit letter pages", locale, kitBookletSources[locale]),
);

/** `{{name}}` placeholders filled from `values`. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ""));
}

const pluralRules = memoize((locale: Locale) => new Intl.PluralRules(locale));

/** A plural message's keys (`key_other`, and the forms the language has), as in the content files. */
export type PluralMessages<Key extends string> = Record<`${Key}_other`, string> &
  Partial<Record<`${Key}_${PluralCategory}`, string>>;

/**
 * The form of plural message `key` that `count` takes in the language (Intl.PluralRules), with
 * {{count}} written in the language's digits and other placeholders from `values`.
 */
export function fillCount<Key extends string>(
  messages: PluralMessages<Key>,
  key: Key,
  locale: Locale,
  count: number,
  values: Record<string, string | number> = {},
): string {
  const forms: Partial<Record<string, string>> = messages;
  const other: Record<`${Key}_other`, string> = messages;
  const template = forms[`${key}_${pluralRules(locale).select(count)}`] ?? other[`${key}_other`];
  return fill(template, { ...values, count: formatNumber(locale, count) });
}
