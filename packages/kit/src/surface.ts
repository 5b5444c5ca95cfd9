// What the kit's drawing code draws on: a page in points, origin top left, y down. The PDF
// surface writes vector PDF with real (extractable) text; the SVG surface draws previews.

export type Paint = {
  fill?: string;
  stroke?: string;
  lineWidth?: number;
  /** Dash length and gap, in points. */
  dash?: [number, number];
  lineCap?: "butt" | "round";
};

export type GlyphRunDrawing = {
  /** The run's text, shaped by the font (used by the PDF surface's text operator). */
  text: string;
  font: string;
  size: number;
  x: number;
  width: number;
  baseline: number;
  /** The same run as outlines in page coordinates (used where text is drawn as paths). */
  outline: () => string;
};

export interface Surface {
  readonly width: number;
  readonly height: number;
  /** SVG path data in page coordinates. */
  path(d: string, paint: Paint): void;
  /** Filled text, one shaped run. */
  text(run: GlyphRunDrawing, color: string): void;
}
