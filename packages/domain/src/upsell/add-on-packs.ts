import type { Locale } from "@kinderready/i18n/locales";
import type { PictureId } from "@kinderready/kit/pictures/picture-catalogue";

/**
 * The add-on packs sold after the first payment (`add_ons`), each a themed set of printables on
 * top of the kit; buying the upsell (`add_ons_all`) unlocks all of them. Titles and contents are
 * in the catalogues under `upsell.packs.<id>`; the printables themselves come with the kit's
 * catalogue. Each names a picture of the kit's library, shown beside it in the offer, and how many
 * sheets it prints: Alphabet Adventures prints a page per letter, so its count is the alphabet's.
 */
export const addOnPacks = [
  {
    id: "alphabet-adventures",
    sheets: { en: 26, ru: 33, es: 27, fr: 26, ar: 28, de: 29, pt: 26 },
    picture: "blue-book",
  },
  { id: "numbers-and-logic", sheets: 24, picture: "dice" },
  { id: "calm-and-confident", sheets: 19, picture: "yoga" },
] as const satisfies readonly {
  id: string;
  sheets: number | Readonly<Record<Locale, number>>;
  picture: PictureId;
}[];

export type AddOnPackId = (typeof addOnPacks)[number]["id"];

/** How many sheets a pack prints in a language. */
export function packSheets(pack: (typeof addOnPacks)[number], locale: Locale): number {
  return typeof pack.sheets === "number" ? pack.sheets : pack.sheets[locale];
}
