import type { ParamsOf } from "./catalogue.ts";
import {
  drawChecklist,
  drawChoreChart,
  drawISpy,
  drawPictureBingo,
  drawRewardChart,
  drawRoutineChart,
  drawRoutineStrip,
  drawScreenTimeTokens,
} from "./templates/charts.ts";
import { drawSocialStory, drawStickerSheet } from "./templates/confidence.ts";
import type { TemplateContext } from "./templates/context.ts";
import {
  drawBraveCards,
  drawBreathingPictures,
  drawCalmBreathing,
  drawCalmDownChoices,
  drawEmotionFaces,
  drawFeelingsCheckin,
  drawFeelingsThermometer,
  drawHowWouldYouFeel,
} from "./templates/feelings.ts";

/** The worksheets of feelings and calming, routines, chores and screen-free play, by template. */
export const everydayLifeDrawers = {
  "emotion-faces": drawEmotionFaces,
  "feelings-checkin": drawFeelingsCheckin,
  "how-would-you-feel": drawHowWouldYouFeel,
  "calm-breathing": drawCalmBreathing,
  "calm-down-choices": drawCalmDownChoices,
  "feelings-thermometer": drawFeelingsThermometer,
  "breathing-pictures": drawBreathingPictures,
  "brave-cards": drawBraveCards,
  "social-story": drawSocialStory,
  "sticker-sheet": drawStickerSheet,
  "routine-chart": drawRoutineChart,
  "routine-strip": drawRoutineStrip,
  "readiness-checklist": (ctx: TemplateContext, params: ParamsOf<"readiness-checklist">) =>
    drawChecklist(ctx, ctx.content.checklist[String(params.level) as "0"]),
  "chore-chart": drawChoreChart,
  "reward-chart": drawRewardChart,
  "screen-time-tokens": drawScreenTimeTokens,
  "i-spy": drawISpy,
  "picture-bingo": drawPictureBingo,
};
