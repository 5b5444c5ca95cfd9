import { hexChannels } from "../draw/colour.ts";
import { areaOf, flatten, parsePath } from "../draw/svg-path.ts";
import type { Paint } from "../surface.ts";
import type { PictureData, PictureFile } from "./extract-pictures.ts";
import type { PictureId } from "./picture-catalogue.ts";
import pictureFile from "./pictures.json" with { type: "json" };

// Pictures as drawing shapes in four styles: as the icon is (colour), as line art to colour in
// (outline: every shape white with a dark edge, painted in order so nearer shapes hide the lines
// behind them; tiny highlight shapes dropped), as a shadow (silhouette), and in the nearest of a
// child's crayons (crayon). Shapes are in the
// icon's own 32-unit square; the canvas places them.

export type PictureStyle = "colour" | "outline" | "silhouette" | "crayon";
export type PictureShapeDrawing = { d: string; paint: Paint };

const file = pictureFile as unknown as PictureFile;

export const pictureSource = file.source;

export function pictureData(id: PictureId): PictureData {
  const data = file.pictures[id];
  if (!data) throw new Error(`No picture ${id}`);
  return data;
}

/** The drawn area of a picture in its own units: [x, y, width, height]. */
export function pictureBox(id: PictureId): [number, number, number, number] {
  return pictureData(id).box;
}

/** Crayon colours a child has, and the colour each picture colour is closest to. */
export const crayons = {
  red: "#e53935",
  orange: "#fb8c00",
  yellow: "#fdd835",
  green: "#43a047",
  blue: "#1e88e5",
  purple: "#8e24aa",
  pink: "#f06292",
  brown: "#8d5524",
  grey: "#9e9e9e",
  black: "#212121",
} as const;
export type Crayon = keyof typeof crayons;

/** The crayon nearest a colour, or undefined for near-white (left uncoloured). */
export function nearestCrayon(hex: string): Crayon | undefined {
  const [r, g, b] = hexChannels(hex);
  if (Math.min(r, g, b) > 225) return undefined;
  let best: Crayon = "black";
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const [name, value] of Object.entries(crayons) as [Crayon, string][]) {
    const [cr, cg, cb] = hexChannels(value);
    const distance = (r - cr) ** 2 * 0.3 + (g - cg) ** 2 * 0.59 + (b - cb) ** 2 * 0.11;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = name;
    }
  }
  return best;
}

export const outlineInk = "#3a3f4b";
export const silhouetteInk = "#4b5160";

/**
 * Line art keeps the parts a child recognises (eyes, rays, spots) and drops what only shades the
 * colour picture: specks, and light highlights up to a small share of the picture.
 */
const speckShare = 0.0008;
const highlightShare = 0.02;

/** Small dark parts (eyes, noses) stay dark in line art, as colouring books draw them. */
const darkDetailShare = 0.05;

function luminance(hex: string) {
  const [r, g, b] = hexChannels(hex);
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

const cache = new Map<string, PictureShapeDrawing[]>();

export function pictureShapes(id: PictureId, style: PictureStyle): PictureShapeDrawing[] {
  const key = `${id}:${style}`;
  let shapes = cache.get(key);
  if (!shapes) {
    shapes = drawShapes(pictureData(id), style);
    cache.set(key, shapes);
  }
  return shapes;
}

function drawShapes(data: PictureData, style: PictureStyle): PictureShapeDrawing[] {
  const [, , width, height] = data.box;
  const fillRule = (evenOdd: boolean | undefined) => (evenOdd ? { fillRule: "evenodd" as const } : {});
  if (style === "colour") {
    return data.shapes.map((shape) => ({
      d: shape.d,
      paint: {
        ...(shape.fill && { fill: shape.fill }),
        ...(shape.stroke && { stroke: shape.stroke, lineWidth: shape.strokeWidth ?? 1 }),
        ...fillRule(shape.evenOdd),
      },
    }));
  }
  if (style === "crayon") {
    // As a child colours it by number: each part in its nearest crayon, white left white.
    return data.shapes.map((shape) => {
      const crayon = shape.fill ? nearestCrayon(shape.fill) : undefined;
      return {
        d: shape.d,
        paint: {
          ...(shape.fill && { fill: crayon ? crayons[crayon] : "#ffffff" }),
          stroke: outlineInk,
          lineWidth: Math.max(width, height) / 90,
          ...fillRule(shape.evenOdd),
        },
      };
    });
  }
  if (style === "silhouette") {
    return data.shapes.map((shape) => ({
      d: shape.d,
      paint: {
        ...(shape.fill && { fill: silhouetteInk }),
        ...(shape.stroke && { stroke: silhouetteInk, lineWidth: shape.strokeWidth ?? 1 }),
        ...fillRule(shape.evenOdd),
      },
    }));
  }
  const line = Math.max(width, height) / 70;
  const parts = lineArtParts(data);
  return data.shapes.flatMap((shape, index): PictureShapeDrawing[] => {
    const part = parts[index];
    if (part === "line")
      return [{ d: shape.d, paint: { stroke: outlineInk, lineWidth: Math.min(shape.strokeWidth ?? 1, line) } }];
    if (part === "dropped") return [];
    return [
      {
        d: shape.d,
        paint: {
          fill: part === "ink" ? outlineInk : "#ffffff",
          stroke: outlineInk,
          lineWidth: line,
          ...fillRule(shape.evenOdd),
        },
      },
    ];
  });
}

/**
 * What each shape of a picture becomes in line art: an area left white to colour, a dark detail
 * printed in ink (an eye), a stroke, or dropped (a speck, a highlight).
 */
export type LineArtPart = "white" | "ink" | "line" | "dropped";

const partsCache = new Map<PictureData, LineArtPart[]>();

function lineArtParts(data: PictureData): LineArtPart[] {
  let parts = partsCache.get(data);
  if (parts) return parts;
  const [, , width, height] = data.box;
  const whole = width * height;
  parts = data.shapes.map((shape): LineArtPart => {
    if (!shape.fill) return "line";
    const area = flatten(parsePath(shape.d), 4).reduce((sum, polyline) => sum + areaOf(polyline), 0);
    const light = luminance(shape.fill);
    if (area < whole * speckShare || (light > 215 && area < whole * highlightShare)) return "dropped";
    return light < 80 && area < whole * darkDetailShare ? "ink" : "white";
  });
  partsCache.set(data, parts);
  return parts;
}

/** The line-art part each shape of picture `id` becomes. */
export function pictureLineArt(id: PictureId): readonly LineArtPart[] {
  return lineArtParts(pictureData(id));
}
