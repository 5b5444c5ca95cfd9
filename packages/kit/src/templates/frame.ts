import type { Box, Canvas } from "../canvas.server.ts";
import { rectPath } from "../draw/paths.ts";
import { faint, ink, type SkillColour } from "./context.ts";

const margin = 36;

export type FrameText = {
  title: string;
  /** "Level 1 · Letters" */
  subtitle: string;
  instruction: string;
  /** "Made for Mia", or the name line when the name is unknown. */
  nameLabel: string;
  footer: string;
  /** The page's number in its document, shown in the footer (the contents refer to it). */
  pageNumber?: string;
};

/**
 * The page around every worksheet: a coloured header band with the title, the level and the
 * child's name, the instruction, and a footer. Returns the area left for the worksheet.
 */
export function drawFrame(canvas: Canvas, colour: SkillColour, text: FrameText): Box {
  const width = canvas.width - margin * 2;
  const band: Box = { x: margin, y: margin, width, height: 74 };
  canvas.path(rectPath(band.x, band.y, band.width, band.height, 16), { fill: colour.soft });
  canvas.path(rectPath(band.x, band.y, 8, band.height, 4), { fill: colour.main });
  const inner = { x: band.x + 22, width: band.width - 44 };
  const nameWidth = Math.min(190, inner.width * 0.38);
  const titleBox = { x: canvas.rtl ? inner.x + nameWidth + 12 : inner.x, width: inner.width - nameWidth - 12 };
  canvas.textLine(text.title, titleBox, band.y + 36, { role: "heading", size: 24, minSize: 10.5, color: ink });
  canvas.textLine(text.subtitle, titleBox, band.y + 58, { size: 11, minSize: 8, color: colour.main });
  const nameBox = { x: canvas.rtl ? inner.x : inner.x + inner.width - nameWidth, width: nameWidth };
  canvas.textLine(text.nameLabel, nameBox, band.y + 44, { size: 12, minSize: 8, color: ink, align: "end" });

  const instructionBox: Box = { x: margin + 4, y: band.y + band.height + 12, width: width - 8, height: 34 };
  canvas.textBox(text.instruction, instructionBox, { size: 12.5, minSize: 9, color: ink, lineHeight: 1.25 });

  const footerY = canvas.height - margin + 4;
  canvas.path(`M${margin} ${footerY - 14}H${margin + width}`, { stroke: faint, lineWidth: 0.6 });
  canvas.textLine(text.footer, { x: margin + 40, width: width - 80 }, footerY, {
    size: 8,
    minSize: 6,
    color: "#7a8190",
    align: "center",
  });
  if (text.pageNumber) {
    canvas.textLine(
      text.pageNumber,
      { x: canvas.startX({ x: margin, y: 0, width, height: 0 }, width - 36, 36), width: 36 },
      footerY,
      {
        role: "heading",
        size: 10,
        color: colour.main,
        align: "end",
      },
    );
  }

  const top = instructionBox.y + instructionBox.height + 12;
  return { x: margin, y: top, width, height: footerY - 24 - top };
}
