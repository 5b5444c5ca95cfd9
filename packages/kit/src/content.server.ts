import type { Locale } from "@kinderready/i18n/locales";
import { z } from "zod";
import ar from "../content/ar.json" with { type: "json" };
import de from "../content/de.json" with { type: "json" };
import en from "../content/en.json" with { type: "json" };
import es from "../content/es.json" with { type: "json" };
import fr from "../content/fr.json" with { type: "json" };
import pt from "../content/pt.json" with { type: "json" };
import ru from "../content/ru.json" with { type: "json" };
import {
  breathingShapes,
  colourIds,
  emotionIds,
  figures,
  kit,
  type levels,
  linePatterns,
  packIds,
  routineIds,
  shapeIds,
  skills,
  type TemplateId,
} from "./catalogue.ts";

// The kit's words in each language: page furniture, level and template titles, chart contents
// and the activity cards. One schema for all seven; a missing or empty text fails at load.

const text = z.string().trim().min(1);
// Records over an enum are exhaustive in zod 4: every key must be there.
const recordOf = <K extends string, V extends z.ZodType>(keys: readonly [K, ...K[]], value: V) =>
  z.record(z.enum(keys), value);
const levelKeys = ["0", "1", "2", "3", "4", "5"] as const satisfies readonly `${(typeof levels)[number]}`[];
const titled = z.object({ title: text, instruction: text });
const templateIds = [
  "trace-lines",
  "trace-letters",
  "special-letters",
  "trace-name",
  "trace-words",
  "trace-numbers",
  "count-objects",
  "count-and-circle",
  "add-objects",
  "trace-shapes",
  "colour-shapes",
  "patterns",
  "maze",
  "dot-to-dot",
  "matching",
  "odd-one-out",
  "sizes",
  "positions",
  "emotion-faces",
  "feelings-checkin",
  "calm-breathing",
  "calm-down-choices",
  "routine-chart",
  "chore-chart",
  "reward-chart",
  "screen-time-tokens",
  "readiness-checklist",
] as const satisfies readonly TemplateId[];

const activityIds = kit.levels.flatMap((level) =>
  level.items.filter((item) => item.kind === "activity").map((item) => item.id),
);

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
    minutes: text.includes("{{minutes}}"),
    youNeed: text,
    steps: text,
    teaches: text,
    parentTip: text,
    start: text,
    finish: text,
    days: z.array(text).length(7),
  }),
  levels: recordOf(levelKeys, z.object({ title: text, description: text })),
  packs: recordOf(packIds, text),
  skills: recordOf(skills, text),
  templates: recordOf(templateIds, titled),
  values: z.object({
    lines: recordOf(linePatterns, text),
    shapes: recordOf(shapeIds, text),
    colours: recordOf(colourIds, text),
    emotions: recordOf(emotionIds, text),
    figures: recordOf(figures, text),
    breathing: recordOf(breathingShapes, text),
    breatheIn: text,
    breatheOut: text,
    hold: text,
    biggest: text,
    smallest: text,
    order: text,
    above: text,
    below: text,
    left: text,
    right: text,
    inside: text,
    outside: text,
    token: text,
  }),
  routines: recordOf(routineIds, z.object({ title: text, steps: z.array(text).min(4).max(6) })),
  chores: z.object({ first: z.array(text).length(6), more: z.array(text).length(6) }),
  calmChoices: z.array(text).length(6),
  checklist: recordOf(levelKeys, z.array(text).min(5).max(8)),
  words: z.array(z.array(text).length(4)).length(4),
  activities: z.record(z.string(), activityText).superRefine((cards, context) => {
    for (const id of activityIds) {
      if (!(id in cards)) context.addIssue({ code: "custom", path: [id], message: "activity card missing" });
    }
  }),
});

export type KitContent = z.infer<typeof kitContentSchema>;

const sources: Record<Locale, unknown> = { en, ru, es, fr, ar, de, pt };

export function parseKitContent(locale: string, source: unknown): KitContent {
  const parsed = kitContentSchema.safeParse(source);
  if (!parsed.success) {
    throw new Error(`Kit content for ${locale} is invalid: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

const cache = new Map<Locale, KitContent>();

export function kitContent(locale: Locale): KitContent {
  let content = cache.get(locale);
  if (!content) {
    content = parseKitContent(locale, sources[locale]);
    cache.set(locale, content);
  }
  return content;
}

/** `{{name}}` placeholders filled from `values`. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ""));
}
