import type { PictureId } from "@kinderready/kit/pictures/picture-catalogue";

/**
 * The add-on packs sold after the first payment (`add_ons`), each a themed set of printables on
 * top of the kit; buying the upsell (`add_ons_all`) unlocks all of them. Titles and contents are
 * in the catalogues under `upsale.packs.<id>`; the printables themselves come with the kit's
 * catalogue. Each names a picture of the kit's library, shown beside it in the offer.
 */
export const addOnPacks = [
  { id: "alphabet-adventures", items: 20, picture: "blue-book" },
  { id: "numbers-and-logic", items: 20, picture: "dice" },
  { id: "calm-and-confident", items: 16, picture: "yoga" },
] as const satisfies readonly { id: string; items: number; picture: PictureId }[];

export type AddOnPackId = (typeof addOnPacks)[number]["id"];
