import type { Box } from "../canvas.server.ts";
import { type ParamsOf, socialStories, stories } from "../catalogue.ts";
import { ellipsePath } from "../draw/paths.ts";
import { formatNumber } from "../letters.ts";
import type { PictureId } from "../pictures/picture-catalogue.ts";
import { columns, grid, ink, inset, numberBadge, panel, rows, type TemplateContext } from "./context.ts";

// The Calm & Confident pack's own pages: social stories that walk a child through a big moment
// before it comes, and a sheet of stickers for the star chart.

/** A social story: its four moments from top to bottom, each a numbered picture and a sentence. */
export function drawSocialStory(ctx: TemplateContext, params: ParamsOf<"social-story">) {
  const pictures = socialStories[params.story];
  const { lines } = ctx.content.socialStories[params.story];
  rows(ctx.box, pictures.length, 12).forEach((row, index) => {
    panel(ctx, row, index % 2 === 0 ? ctx.colour.soft : undefined);
    const [picture, words] = columns(ctx.canvas, inset(row, 12), [0.34, 0.66], 16) as [Box, Box];
    ctx.canvas.picture(pictures[index] as PictureId, inset(picture, 6));
    numberBadge(
      ctx.canvas,
      [ctx.canvas.startX(picture, 0, 0) + (ctx.canvas.rtl ? -4 : 4), picture.y + 4],
      13,
      formatNumber(ctx.locale, index + 1),
      ctx.colour.main,
      13,
    );
    ctx.canvas.textBox(lines[index] ?? "", words, {
      size: 19,
      minSize: 11,
      color: ink,
      lineHeight: 1.3,
      valign: "middle",
    });
  });
}

/** What the stickers show, in turn: things children are praised with, and their friend Pip. */
const stickerPictures: readonly PictureId[] = [
  "star",
  "heart-shape",
  "trophy",
  "thumbs-up",
  stories.friend,
  "medal",
  "sun",
  "rainbow",
  "clapping-hands",
  "flexed-biceps",
];

/** Twenty round stickers to colour and cut out, each a picture and a praise word. */
export function drawStickerSheet(ctx: TemplateContext) {
  const words = ctx.content.stickers;
  grid(ctx.canvas, ctx.box, 4, 20, 10).forEach((cell, index) => {
    const radius = Math.min(cell.width, cell.height) / 2 - 2;
    const cx = cell.x + cell.width / 2;
    const cy = cell.y + cell.height / 2;
    ctx.canvas.path(ellipsePath(cx, cy, radius), { stroke: ink, lineWidth: 1.1, dash: [6, 4] });
    const picture = stickerPictures[index % stickerPictures.length] as PictureId;
    const side = radius * 0.95;
    ctx.canvas.picture(
      picture,
      { x: cx - side / 2, y: cy - radius * 0.78, width: side, height: side },
      {
        style: ctx.answers ? "colour" : "outline",
      },
    );
    const word = words[index % words.length] ?? "";
    ctx.canvas.textLine(word, { x: cx - radius * 0.8, width: radius * 1.6 }, cy + radius * 0.6, {
      role: "heading",
      size: 13,
      minSize: 7,
      color: ctx.colour.main,
      align: "center",
    });
  });
}
