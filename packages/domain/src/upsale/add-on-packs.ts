/**
 * The add-on packs sold after the first payment (`add_ons`), each a themed set of printables on
 * top of the kit; buying the upsell (`add_ons_all`) unlocks all of them. Titles and contents are
 * in the catalogues under `upsale.packs.<id>`; the printables themselves come with the kit's
 * catalogue.
 */
export const addOnPacks = [
  { id: "alphabet-adventures", items: 20 },
  { id: "numbers-and-logic", items: 20 },
  { id: "calm-and-confident", items: 16 },
] as const;

export type AddOnPackId = (typeof addOnPacks)[number]["id"];
