import { areaOf, flatten, parsePath } from "../draw/svg-path.ts";
import type { Paint } from "../surface.ts";
import type { PictureData, PictureFile } from "./extract-pictures.ts";
import type { PictureId } from "./picture-catalogue.ts";
import pictureFile from "./pictures.json" with { type: "json" };

// Pictures as drawing shapes in three styles: as the icon is (colour), as line art to colour in
// (outline: every shape white with a dark edge, painted in order so nearer shapes hide the lines
// behind them; tiny highlight shapes dropped), and as a shadow (silhouette). Shapes are in the
// icon's own 32-unit square; the canvas places them.

export type PictureStyle = "colour" | "outline" | "silhouette";
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

export const outlineInk = "#3a3f4b";
export const silhouetteInk = "#4b5160";

/** Shapes smaller than this share of the picture's area are shine and speckles, not parts. */
const detailShare = 0.004;

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
  const minimum = width * height * detailShare;
  const line = Math.max(width, height) / 70;
  return data.shapes
    .filter((shape) => {
      if (!shape.fill) return true;
      const area = flatten(parsePath(shape.d), 4).reduce((sum, polyline) => sum + areaOf(polyline), 0);
      return area >= minimum;
    })
    .map((shape) => ({
      d: shape.d,
      paint: shape.fill
        ? { fill: "#ffffff", stroke: outlineInk, lineWidth: line, ...fillRule(shape.evenOdd) }
        : { stroke: outlineInk, lineWidth: Math.min(shape.strokeWidth ?? 1, line) },
    }));
}
