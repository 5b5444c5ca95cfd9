import {
  drawMeasureObjects,
  drawNumberBonds,
  drawOneMoreOneLess,
  drawPictureGraph,
  drawQuickLook,
} from "./templates/number-sense.ts";
import {
  drawAddObjects,
  drawCountAndCircle,
  drawCountObjects,
  drawCountScene,
  drawMoreLess,
  drawNumberChart,
  drawNumberLine,
  drawPictureSudoku,
  drawTakeAway,
  drawTenFrame,
  drawTraceNumbers,
} from "./templates/numbers.ts";
import { drawClockTimes, drawCoins } from "./templates/time-and-money.ts";

/** The worksheets of numbers, measuring, clocks and coins, by template. */
export const numberDrawers = {
  "trace-numbers": drawTraceNumbers,
  "count-objects": drawCountObjects,
  "count-and-circle": drawCountAndCircle,
  "ten-frame": drawTenFrame,
  "more-less": drawMoreLess,
  "number-line": drawNumberLine,
  "number-chart": drawNumberChart,
  "add-objects": drawAddObjects,
  "take-away": drawTakeAway,
  "count-scene": drawCountScene,
  "picture-sudoku": drawPictureSudoku,
  "quick-look": drawQuickLook,
  "number-bonds": drawNumberBonds,
  "one-more-one-less": drawOneMoreOneLess,
  "picture-graph": drawPictureGraph,
  "measure-objects": drawMeasureObjects,
  "clock-times": drawClockTimes,
  coins: drawCoins,
};
