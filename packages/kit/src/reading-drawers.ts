import { drawLetterBooklet } from "./templates/letter-booklet.ts";
import {
  drawBeginningSounds,
  drawFirstLetter,
  drawLetterHunt,
  drawLetterMatch,
  drawLetters,
  drawMyLetter,
  drawNameWeek,
  drawRhyming,
  drawSpecialLetters,
  drawTraceName,
  drawTraceWords,
} from "./templates/letter-pages.ts";
import { drawFollowDirections, drawListenAndDraw } from "./templates/listening.ts";
import { drawMiniBook, drawSightWords } from "./templates/reading.ts";
import { drawStory } from "./templates/story.ts";

/** The worksheets of letters, reading and listening, by template. */
export const readingDrawers = {
  letters: drawLetters,
  "my-letter": drawMyLetter,
  "trace-name": drawTraceName,
  "name-week": drawNameWeek,
  "special-letters": drawSpecialLetters,
  "trace-words": drawTraceWords,
  "sight-words": drawSightWords,
  "mini-book": drawMiniBook,
  "beginning-sounds": drawBeginningSounds,
  rhyming: drawRhyming,
  "letter-match": drawLetterMatch,
  "first-letter": drawFirstLetter,
  "letter-hunt": drawLetterHunt,
  "letter-booklet": drawLetterBooklet,
  "follow-directions": drawFollowDirections,
  "listen-and-draw": drawListenAndDraw,
  story: drawStory,
};
