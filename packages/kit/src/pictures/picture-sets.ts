import type { ShapeId } from "../catalogue.ts";
import type { PictureId } from "./picture-catalogue.ts";

// Groups of pictures the worksheets draw from: things to count, who goes to what, things of a
// shape or a colour, what belongs together, what comes first. Language-free: the words come from
// each language's word list.

/** Small, easy-to-count things, each clear at a small size. */
export const countables: readonly PictureId[] = [
  "apple",
  "strawberry",
  "star",
  "bee",
  "fish",
  "ladybird",
  "carrot",
  "ball",
  "balloon",
  "duck",
  "flower",
  "butterfly",
  "cookie",
  "banana",
  "car",
  "pear",
  "lemon",
  "egg",
  "leaf",
  "snail",
  "chick",
  "cupcake",
  "tulip",
  "shell",
  "mushroom",
  "orange",
  "tropical-fish",
];

/** Who goes to what: a path, a maze or a cutting line leads from the first to the second. */
export const journeys: readonly (readonly [PictureId, PictureId])[] = [
  ["bee", "flower"],
  ["mouse", "cheese"],
  ["dog", "bone"],
  ["rabbit", "carrot"],
  ["monkey", "banana"],
  ["car", "house"],
  ["rocket", "planet"],
  ["bird", "nest"],
  ["bear", "honey"],
  ["cat", "milk"],
  ["squirrel", "peanuts"],
  ["butterfly", "tulip"],
  ["chick", "egg"],
  ["boat", "anchor"],
  ["bus", "backpack"],
  ["penguin", "fish"],
  ["cow", "seedling"],
  ["frog", "wave"],
];

/** Everyday things with a shape a child can name. */
export const shapedThings: Partial<Record<ShapeId, readonly PictureId[]>> = {
  circle: ["ball", "clock", "orange", "cookie", "doughnut", "basketball", "tennis-ball", "sun", "pizza"],
  triangle: ["cheese", "triangular-ruler", "tent", "volcano"],
  square: ["window", "dice", "box", "calendar"],
  rectangle: ["door", "book", "phone", "television", "chocolate", "laptop", "envelope"],
  star: ["star", "magic-wand", "medal"],
  heart: ["heart-shape"],
  diamond: ["kite", "gem"],
  oval: ["egg", "avocado", "potato"],
};

export const colourIds = ["red", "blue", "yellow", "green", "orange", "purple", "brown", "pink"] as const;
export type ColourId = (typeof colourIds)[number];

/** Things whose colour every child knows, by colour. */
export const colouredThings: Record<ColourId, readonly PictureId[]> = {
  red: ["apple", "strawberry", "tomato", "ladybird", "fire-engine", "cherries", "rose"],
  blue: ["whale", "blue-book", "droplet", "jeans", "dolphin"],
  yellow: ["banana", "lemon", "sun", "chick", "star", "corn"],
  green: ["frog", "cucumber", "broccoli", "green-apple", "cactus", "tree", "crocodile"],
  orange: ["carrot", "orange", "fox", "tiger"],
  purple: ["grapes", "eggplant", "octopus"],
  brown: ["bear", "bread", "chocolate", "cookie", "horse", "squirrel", "wood"],
  pink: ["flamingo", "cupcake", "ice-cream"],
};

/** Families of things, for sorting and for finding the one that does not belong. */
export const families = {
  fruit: ["apple", "banana", "pear", "cherries", "grapes", "strawberry", "orange", "lemon", "watermelon", "pineapple"],
  vegetables: ["carrot", "broccoli", "tomato", "cucumber", "corn", "potato", "onion", "pepper", "eggplant"],
  animals: ["cat", "dog", "cow", "goat", "horse", "rabbit", "elephant", "lion", "monkey", "sheep", "duck"],
  sea: ["fish", "whale", "octopus", "crab", "dolphin", "shark", "jellyfish", "shell"],
  vehicles: ["car", "bus", "train", "airplane", "bicycle", "boat", "tractor", "helicopter", "truck"],
  clothes: ["t-shirt", "socks", "dress", "coat", "jeans", "shoe", "scarf", "gloves", "shorts"],
  toys: ["ball", "teddy-bear", "kite", "doll", "robot", "puzzle", "yo-yo", "dice", "balloon"],
  school: ["pencil", "crayon", "scissors", "ruler", "book", "backpack", "paintbrush", "notebook"],
  music: ["drum", "guitar", "piano", "trumpet", "saxophone", "banjo", "accordion"],
  weather: ["sun", "cloud", "rain", "snowflake", "rainbow", "lightning", "tornado"],
  kitchen: ["spoon", "cup", "teapot", "bowl", "plate", "fork-and-knife", "jar"],
  bathroom: ["toothbrush", "soap", "bathtub", "shower", "toilet", "sponge", "toilet-paper"],
} as const satisfies Record<string, readonly PictureId[]>;
export type FamilyId = keyof typeof families;

/** What comes first, next and last: each a short story in pictures. */
export const sequences: readonly (readonly PictureId[])[] = [
  ["egg", "chick", "chicken"],
  ["egg", "caterpillar", "butterfly"],
  ["cloud", "rain", "rainbow"],
  ["snowflake", "snowman", "sun"],
  ["seedling", "tree", "apple"],
  ["socks", "shoe", "backpack"],
  ["bathing", "toothbrush", "sleeping"],
  ["bread", "cheese", "sandwich"],
];

/** Four-step stories, for children who can already order three. */
export const longSequences: readonly (readonly PictureId[])[] = [
  ["snowflake", "snowman", "sun", "droplet"],
  ["seedling", "tree", "apple", "pie"],
  ["socks", "shoe", "coat", "backpack"],
  ["cloud", "rain", "rainbow", "sun"],
  ["bathing", "toothbrush", "book", "sleeping"],
  ["egg", "caterpillar", "butterfly", "flower"],
];

/** Situations and the feeling they usually bring, for "how would you feel?". */
export const feelingScenes: readonly (readonly [
  PictureId,
  "happy" | "sad" | "angry" | "scared" | "surprised" | "calm",
])[] = [
  ["cake", "happy"],
  ["gift", "surprised"],
  ["ice-cream", "happy"],
  ["lightning", "scared"],
  ["bandage", "sad"],
  ["sleeping", "calm"],
  ["rain", "sad"],
  ["party-popper", "happy"],
  ["spider", "scared"],
  ["balloon", "happy"],
  ["puzzle", "angry"],
  ["hug", "calm"],
];
