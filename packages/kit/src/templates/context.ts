import type { Locale } from "@kinderready/i18n/locales";
import type { Box, Canvas } from "../canvas.server.ts";
import type { Skill } from "../catalogue.ts";
import type { KitContent } from "../content.server.ts";

/** What every template draws with: the canvas, the free area under the header, the texts. */
export type TemplateContext = {
  canvas: Canvas;
  box: Box;
  content: KitContent;
  locale: Locale;
  childName: string | undefined;
  colour: SkillColour;
};

export type SkillColour = { main: string; soft: string };

/** One colour per skill: strong for lines, a pastel for the few filled areas (printer-friendly). */
export const skillColours: Record<Skill, SkillColour> = {
  "fine-motor": { main: "#3b82c4", soft: "#e4f0fb" },
  letters: { main: "#d9573b", soft: "#fde8e2" },
  numbers: { main: "#d68a12", soft: "#fdf0d8" },
  "shapes-colours": { main: "#7b57c9", soft: "#eee8fa" },
  "patterns-logic": { main: "#1f8f77", soft: "#ddf3ee" },
  "sizes-positions": { main: "#c74b8c", soft: "#fae4f0" },
  "emotions-calming": { main: "#c28f0c", soft: "#fbf2d5" },
  "routines-independence": { main: "#2b8fb0", soft: "#ddf0f6" },
  chores: { main: "#4f9a24", soft: "#e6f4dc" },
  "screen-free-play": { main: "#b1612c", soft: "#f7e8dd" },
  "social-listening": { main: "#4a68c7", soft: "#e4eafa" },
};

/** Fills for "colour by" keys and answer swatches, light enough to write over. */
export const swatches = {
  red: "#f08a7e",
  blue: "#7fb3ea",
  yellow: "#f6d565",
  green: "#8fd18b",
  orange: "#f7b26b",
  purple: "#b9a0e8",
} as const;

export const ink = "#2b2f38";
export const faint = "#b9c0cc";

/** Rows of equal height filling a box, with a gap between them. */
export function rows(box: Box, count: number, gap = 10): Box[] {
  const height = (box.height - gap * (count - 1)) / count;
  return Array.from({ length: count }, (_, i) => ({
    x: box.x,
    y: box.y + i * (height + gap),
    width: box.width,
    height,
  }));
}

/** A grid of cells in reading order (right to left in RTL). */
export function grid(canvas: Canvas, box: Box, columns: number, count: number, gap = 10): Box[] {
  const rowsCount = Math.ceil(count / columns);
  const width = (box.width - gap * (columns - 1)) / columns;
  const height = (box.height - gap * (rowsCount - 1)) / rowsCount;
  return Array.from({ length: count }, (_, i) => {
    const column = i % columns;
    const row = Math.floor(i / columns);
    const x = canvas.startX(box, column * (width + gap), width);
    return { x, y: box.y + row * (height + gap), width, height };
  });
}
