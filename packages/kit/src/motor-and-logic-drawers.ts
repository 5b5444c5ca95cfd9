import { drawCutAndPaste } from "./templates/cut-and-paste.ts";
import {
  drawColourByNumber,
  drawColouring,
  drawCutting,
  drawDotToDot,
  drawMaze,
  drawTracePath,
} from "./templates/fine-motor.ts";
import {
  drawOddOneOut,
  drawPatterns,
  drawSameDifferent,
  drawSequencing,
  drawShadowMatch,
  drawSorting,
  drawWhatsMissing,
} from "./templates/logic.ts";
import { drawColourShapes, drawColourWords, drawShapeHunt, drawTraceShapes } from "./templates/shapes.ts";
import { drawPositions, drawSizes } from "./templates/sizes-positions.ts";

/** The worksheets of pencil and scissors, shapes and colours, patterns, sizes and positions, by template. */
export const motorAndLogicDrawers = {
  "trace-path": drawTracePath,
  cutting: drawCutting,
  maze: drawMaze,
  "dot-to-dot": drawDotToDot,
  colouring: drawColouring,
  "colour-by-number": drawColourByNumber,
  "cut-and-paste": drawCutAndPaste,
  "trace-shapes": drawTraceShapes,
  "shape-hunt": drawShapeHunt,
  "colour-shapes": drawColourShapes,
  "colour-words": drawColourWords,
  patterns: drawPatterns,
  "same-different": drawSameDifferent,
  "odd-one-out": drawOddOneOut,
  "whats-missing": drawWhatsMissing,
  "shadow-match": drawShadowMatch,
  sorting: drawSorting,
  sequencing: drawSequencing,
  sizes: drawSizes,
  positions: drawPositions,
};
