// What the kit's drawing code draws on: a page in points, origin top left, y down. The PDF
// surface writes vector PDF with real (extractable) text; the SVG surface draws previews.

export type Paint = {
  fill?: string;
  stroke?: string;
  lineWidth?: number;
  /** Dash length and gap, in points. */
  dash?: [number, number];
  lineCap?: "butt" | "round";
  /** How a self-overlapping or holed fill is filled (SVG's fill-rule). */
  fillRule?: "nonzero" | "evenodd";
};

/** Where a reusable drawing goes: its own units scaled by `scale`, then moved to (x, y). */
export type Placement = { x: number; y: number; scale: number; flipX?: boolean };

/** A reusable drawing (a picture), in its own coordinates. */
export type SymbolDrawing = {
  /** Identifies the drawing: the same key is the same shapes, in every document. */
  key: string;
  /** The drawing's area in its own units: x, y, width, height. */
  box: readonly [number, number, number, number];
  shapes: () => readonly { d: string; paint: Paint }[];
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
  /** A reusable drawing; a surface may write it once per document and refer to it after. */
  symbol(drawing: SymbolDrawing, placement: Placement): void;
  /** Everything `draw` draws, scaled and moved as one (pages in miniature). */
  transformed(placement: Placement, draw: () => void): void;
  /** A named point in the drawing (where a page's body starts); only recording surfaces care. */
  mark?(name: "body"): void;
}
