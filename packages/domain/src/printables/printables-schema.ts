import { localeCodes } from "@kinderready/i18n/locales";
import { packIds, skills } from "@kinderready/kit/catalogue";
import { z } from "zod";
import { userTokenSchema } from "../parents/parent-token.ts";
import { products, soldProduct } from "../product.ts";
import { upsellKind } from "../upsell-wire.ts";

// GET /printables/{token} and the completion of an item: one declaration of each
// shape, for the API's validation and OpenAPI document and for the page's types.

export const printablesParams = z.object({ token: userTokenSchema });

/** Invoice kinds a developer can preview the area with (IS_DEV only). */
export const invoiceKinds = ["subscription", upsellKind, "lifetime"] as const;

export const printablesQuery = z.object({
  locale: z.enum(localeCodes as [string, ...string[]]).default("en"),
  product: z.enum(products).default(soldProduct),
  /** IS_DEV only: show the area as if these invoices were paid, e.g. `subscription,lifetime`. */
  printablesByInvoices: z
    .string()
    .max(100)
    .transform((value) =>
      value
        .split(",")
        .map((kind) => kind.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(invoiceKinds)))
    .optional(),
});

const activityCard = z.object({
  materials: z.array(z.string()),
  steps: z.array(z.string()),
  teaches: z.string(),
});

export const printableItemSchema = z.object({
  id: z.string(),
  kind: z.enum(["printable", "activity"]),
  skill: z.enum(skills),
  skill_title: z.string(),
  title: z.string(),
  summary: z.string(),
  minutes: z.number().int().nullable(),
  /** Answers a quiz topic of this parent's (tantrums, chores, …). */
  for_you: z.boolean(),
  done: z.boolean(),
  /** Marked too hard for now: the week brings an easier page of its skill first. */
  too_hard: z.boolean(),
  preview_url: z.string(),
  /** Signed, expiring; null while the item's level is locked. */
  download_url: z.string().nullable(),
  print_url: z.string().nullable(),
  /** The card's text, for reading on the page; null while locked. */
  activity: activityCard.nullable(),
});
export type PrintableItemView = z.infer<typeof printableItemSchema>;

export const printableLevelSchema = z.object({
  number: z.number().int().min(0).max(5),
  title: z.string(),
  description: z.string(),
  locked: z.boolean(),
  completed: z.boolean(),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  download_url: z.string().nullable(),
  items: z.array(printableItemSchema),
});
export type PrintableLevelView = z.infer<typeof printableLevelSchema>;

export const addOnPackSchema = z.object({
  id: z.enum(packIds as [string, ...string[]]),
  title: z.string(),
  download_url: z.string(),
  items: z.array(printableItemSchema),
});

/** The child's week: the next pages of the level they are in, planned from what they marked. */
export const printablesWeekSchema = z.object({
  level: z.number().int().min(0).max(5),
  /** The week's pages as one PDF; signed, expiring. */
  download_url: z.string(),
  items: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      /** The title of the page marked too hard that this easier one comes before. */
      easier_for: z.string().nullable(),
    }),
  ),
});
export type PrintablesWeekView = z.infer<typeof printablesWeekSchema>;

/** A book of the month the parent has: one opens with each monthly payment. */
export const monthBookSchema = z.object({
  number: z.number().int().min(1),
  title: z.string(),
  description: z.string(),
  /** The book as one PDF; signed, expiring. */
  download_url: z.string(),
});
export type MonthBookView = z.infer<typeof monthBookSchema>;

export const printablesResult = z.object({
  /** Null without the kit, or with every level done. */
  week: printablesWeekSchema.nullable(),
  /** The books of the month opened so far, in order. */
  months: z.array(monthBookSchema),
  /** The next book and when it opens (an ISO time): null when no monthly payment is due. */
  next_month: z.object({ number: z.number().int().min(1), title: z.string(), opens_on: z.string() }).nullable(),
  printables: z.record(
    z.enum(products),
    z.object({
      core: z.array(printableLevelSchema),
      upsell: z.object({
        add_ons_all: z.object({ title: z.string(), download_url: z.string() }).nullable(),
        add_ons: z.array(addOnPackSchema),
      }),
    }),
  ),
  child_name: z.string().nullable(),
  paper: z.enum(["a4", "letter"]),
});
export type PrintablesView = z.infer<typeof printablesResult>;
/** One product's printables: the kit's levels and the add-on packs. */
export type PrintablesGroup = PrintablesView["printables"][(typeof products)[number]];

/** A yes or no: a JSON boolean, or "true" / "false" as a plain HTML form posts it. */
const flag = z.union([z.boolean(), z.enum(["true", "false"]).transform((value) => value === "true")]);

/** A mark on one item, as the API's body and the printables page's post carry it. */
export const itemCompletionFields = z.object({
  item_id: z.string().min(1).max(80),
  done: flag,
  /** With `done: false`: mark the item too hard for now (false or absent clears it). */
  too_hard: flag.optional(),
});
export const completionBody = itemCompletionFields.extend({ product: z.enum(products).default(soldProduct) });

export const completionResult = z.object({
  item_id: z.string(),
  done: z.boolean(),
  too_hard: z.boolean(),
  level: z.number().int().nullable(),
  level_completed: z.boolean(),
});
