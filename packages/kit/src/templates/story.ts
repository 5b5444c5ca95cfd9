import type { Box } from "../canvas.server.ts";
import { type ParamsOf, stories } from "../catalogue.ts";
import { rectPath } from "../draw/paths.ts";
import { formatNumber } from "../letters.ts";
import { ink, inset, numberBadge, panel, type TemplateContext } from "./context.ts";

// The week's story, read aloud by a grown-up: the friend the child meets in every book, with the
// things the story is about, the story, and two questions to talk about it together.

/** The pictures of a story in a language: its own, where it tells the story with other things. */
function storyPictures(ctx: TemplateContext, id: string) {
  return ctx.stories.stories[id]?.pictures ?? stories.stories.find((story) => story.id === id)?.pictures ?? [];
}

export function drawStory(ctx: TemplateContext, params: ParamsOf<"story">) {
  const { canvas, box } = ctx;
  const story = ctx.stories.stories[params.story];
  if (!story) return;
  const talkHeight = 112;
  const pictureHeight = Math.min(210, box.height * 0.3);
  const scene = { ...box, height: pictureHeight };
  panel(ctx, scene, ctx.colour.soft);
  // The friend large at the reading start, the story's things beside it, alternately higher and lower.
  const friendWidth = scene.width * 0.38;
  canvas.picture(stories.friend, inset({ ...scene, x: canvas.startX(scene, 0, friendWidth), width: friendWidth }, 18));
  const things = storyPictures(ctx, params.story);
  const slot = (scene.width - friendWidth - 12) / Math.max(things.length, 1);
  things.forEach((id, index) => {
    const size = Math.min(slot - 14, pictureHeight * 0.58);
    const y = scene.y + (index % 2 === 0 ? 34 : pictureHeight - size - 14);
    canvas.picture(id, {
      x: canvas.startX(scene, friendWidth + index * slot + (slot - size) / 2, size),
      y,
      width: size,
      height: size,
    });
  });
  canvas.textLine(ctx.stories.title, inset(scene, 14), scene.y + 22, {
    role: "heading",
    size: 12,
    minSize: 8,
    color: ctx.colour.main,
    align: "end",
  });
  // The story, as large as the page lets it be.
  const textArea: Box = {
    x: box.x + 6,
    y: scene.y + pictureHeight + 16,
    width: box.width - 12,
    height: box.height - pictureHeight - talkHeight - 32,
  };
  canvas.textBox(story.text.join("\n\n"), textArea, { size: 15, minSize: 10, lineHeight: 1.38, color: ink });
  // Talk together: the two questions, numbered.
  const talk = { ...box, y: box.y + box.height - talkHeight, height: talkHeight };
  canvas.path(rectPath(talk.x, talk.y, talk.width, talk.height, 12), { stroke: ctx.colour.main, lineWidth: 1.2 });
  const inner = inset(talk, 14, 10);
  canvas.textLine(ctx.stories.talkTitle, inner, inner.y + 14, {
    role: "heading",
    size: 14,
    minSize: 9,
    color: ctx.colour.main,
  });
  story.talk.forEach((question, index) => {
    const y = inner.y + 24 + index * 36;
    numberBadge(
      canvas,
      [canvas.startX(inner, 0, 22) + 11, y + 12],
      11,
      formatNumber(ctx.locale, index + 1),
      ctx.colour.main,
      11,
    );
    canvas.textBox(
      question,
      { x: canvas.startX(inner, 32, inner.width - 32), y: y + 2, width: inner.width - 32, height: 32 },
      { size: 12, minSize: 8, lineHeight: 1.2, color: ink, valign: "middle" },
    );
  });
}
