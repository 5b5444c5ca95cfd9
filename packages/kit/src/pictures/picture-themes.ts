import type { PictureId } from "./picture-catalogue.ts";

// The themes of the books of the month: the pictures a themed book's worksheets draw from in
// place of the kit's general sets, so its counting, patterns and mazes are all about the farm or
// the sea. Language-free: the words come from each language's word list.

export type PictureTheme = {
  /** Things to count, sort, compare and find, each clear at a small size (at least 14). */
  things: readonly PictureId[];
  /** Who goes to what: mazes, paths and cutting lines lead from the first to the second. */
  journeys: readonly (readonly [PictureId, PictureId])[];
  /** Who its maze leads to what: the maze its description names. */
  maze: readonly [PictureId, PictureId];
  /** The two pictures of its colouring page. */
  colouring: readonly [PictureId, PictureId];
  /** The dot-to-dot figure and the colour-by-number picture (neither used by a level). */
  dotToDot: PictureId;
  colourByNumber: PictureId;
  /** The ring of pictures on its cover. */
  cover: readonly PictureId[];
};

export const themeIds = ["farm", "sea", "garden", "wild", "town", "picnic"] as const;
export type ThemeId = (typeof themeIds)[number];

export const pictureThemes: Record<ThemeId, PictureTheme> = {
  farm: {
    maze: ["farmer", "tractor"],
    things: [
      "cow",
      "pig",
      "sheep",
      "goat",
      "horse",
      "chicken",
      "chick",
      "duck",
      "rooster",
      "donkey",
      "turkey",
      "tractor",
      "egg",
      "corn",
      "carrot",
      "apple",
    ],
    journeys: [
      ["cow", "seedling"],
      ["horse", "carrot"],
      ["farmer", "tractor"],
      ["chicken", "corn"],
      ["pig", "apple"],
      ["duck", "wave"],
    ],
    colouring: ["sheep", "tractor"],
    dotToDot: "pig",
    colourByNumber: "cow",
    cover: ["cow", "tractor", "chick", "sheep", "corn", "pig", "egg", "horse"],
  },
  sea: {
    maze: ["crab", "wave"],
    things: [
      "fish",
      "tropical-fish",
      "whale",
      "dolphin",
      "octopus",
      "crab",
      "shark",
      "jellyfish",
      "shell",
      "seal",
      "turtle",
      "lobster",
      "shrimp",
      "squid",
      "boat",
      "penguin",
    ],
    journeys: [
      ["fish", "shell"],
      ["crab", "rock"],
      ["seal", "fish"],
      ["turtle", "wave"],
      ["octopus", "shell"],
      ["canoe", "ship"],
    ],
    colouring: ["octopus", "boat"],
    dotToDot: "whale",
    colourByNumber: "turtle",
    cover: ["crab", "shell", "whale", "boat", "octopus", "dolphin", "wave", "fish"],
  },
  garden: {
    maze: ["snail", "leaf"],
    things: [
      "bee",
      "ladybird",
      "butterfly",
      "snail",
      "ant",
      "caterpillar",
      "worm",
      "beetle",
      "flower",
      "tulip",
      "rose",
      "sunflower",
      "leaf",
      "mushroom",
      "strawberry",
      "four-leaf-clover",
    ],
    journeys: [
      ["bee", "sunflower"],
      ["snail", "leaf"],
      ["ladybird", "rose"],
      ["bird", "nest"],
      ["ant", "strawberry"],
      ["worm", "seedling"],
    ],
    colouring: ["sunflower", "snail"],
    dotToDot: "ladybird",
    colourByNumber: "bee",
    cover: ["seedling", "ladybird", "snail", "tulip", "bee", "sunflower", "butterfly", "mushroom"],
  },
  wild: {
    maze: ["monkey", "banana"],
    things: [
      "lion",
      "tiger",
      "elephant",
      "giraffe",
      "zebra",
      "monkey",
      "hippo",
      "rhino",
      "gorilla",
      "crocodile",
      "parrot",
      "kangaroo",
      "koala",
      "panda",
      "snake",
      "camel",
    ],
    journeys: [
      ["monkey", "banana"],
      ["giraffe", "tree"],
      ["elephant", "water-drop"],
      ["parrot", "nest"],
      ["camel", "palm-tree"],
      ["lion", "rock"],
    ],
    colouring: ["zebra", "hippo"],
    dotToDot: "giraffe",
    colourByNumber: "parrot",
    cover: ["giraffe", "elephant", "monkey", "lion", "zebra", "parrot", "hippo", "panda"],
  },
  town: {
    maze: ["fire-engine", "fire"],
    things: [
      "car",
      "bus",
      "train",
      "taxi",
      "tram",
      "truck",
      "fire-engine",
      "ambulance",
      "police-car",
      "bicycle",
      "scooter",
      "motorcycle",
      "helicopter",
      "airplane",
      "racing-car",
      "skateboard",
    ],
    journeys: [
      ["car", "house"],
      ["fire-engine", "fire"],
      ["police-car", "police-officer"],
      ["ambulance", "doctor"],
      ["bus", "backpack"],
      ["taxi", "house"],
    ],
    colouring: ["bus", "bicycle"],
    dotToDot: "helicopter",
    colourByNumber: "taxi",
    cover: ["bus", "fire-engine", "bicycle", "train", "house", "taxi", "helicopter", "scooter"],
  },
  picnic: {
    maze: ["ant", "basket"],
    things: [
      "apple",
      "banana",
      "sandwich",
      "cheese",
      "strawberry",
      "watermelon",
      "cookie",
      "cupcake",
      "grapes",
      "pear",
      "pie",
      "cherries",
      "lemon",
      "orange",
      "bread",
      "croissant",
    ],
    journeys: [
      ["mouse", "cheese"],
      ["bear", "honey"],
      ["ant", "cookie"],
      ["squirrel", "peanuts"],
      ["cat", "milk"],
      ["bee", "flower"],
    ],
    colouring: ["watermelon", "cupcake"],
    dotToDot: "pear",
    colourByNumber: "strawberry",
    cover: ["basket", "sandwich", "strawberry", "apple", "cookie", "watermelon", "juice", "cheese"],
  },
};
