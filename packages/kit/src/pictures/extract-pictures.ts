import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { boundsOf, flatten, parsePath } from "../draw/svg-path.ts";
import { type PictureId, pictureSources } from "./picture-catalogue.ts";

// Reads the icons the catalogue names out of @iconify-json/fluent-emoji-flat and turns each into
// the few drawing shapes the kit needs: absolute path data with a fill or a stroke. Only paths,
// circles, ellipses, rectangles and groups carrying a fill occur in the chosen icons; anything
// else (gradients, clip paths, opacity, transforms) is refused, so a picture never renders
// differently from the icon it came from.

export type PictureShape = {
  d: string;
  fill?: string;
  stroke?: string;
  strokeWidth?: number;
  evenOdd?: boolean;
};
export type PictureData = { box: [number, number, number, number]; shapes: PictureShape[] };
export type PictureFile = { source: string; pictures: Record<string, PictureData> };

const require = createRequire(import.meta.url);

type IconSet = { icons: Record<string, { body: string }>; aliases?: Record<string, { parent: string }> };

export function loadIconSet(): { set: IconSet; version: string } {
  const set = require("@iconify-json/fluent-emoji-flat/icons.json") as IconSet;
  const { version } = require("@iconify-json/fluent-emoji-flat/package.json") as { version: string };
  return { set, version };
}

const unsupported = /url\(|<use|<filter|clipPath|clip-path|opacity|transform|<linearGradient|<radialGradient/;

function attributes(tag: string): Record<string, string> {
  return Object.fromEntries([...tag.matchAll(/([a-z-]+)="([^"]*)"/g)].map((match) => [match[1], match[2]]));
}

const n = (value: string | undefined) => Number(value ?? 0);

function ellipseData(cx: number, cy: number, rx: number, ry: number): string {
  return `M${cx - rx} ${cy}A${rx} ${ry} 0 1 0 ${cx + rx} ${cy}A${rx} ${ry} 0 1 0 ${cx - rx} ${cy}Z`;
}

/** The shapes of one icon body, in painting order. */
export function shapesOfBody(name: string, body: string): PictureShape[] {
  if (unsupported.test(body)) throw new Error(`Icon ${name} uses SVG features the kit does not draw`);
  const shapes: PictureShape[] = [];
  const inherited: (string | undefined)[] = [];
  for (const match of body.matchAll(/<(\/?)([a-zA-Z]+)([^>]*?)(\/?)>/g)) {
    const [, closing, tag, rest = "", selfClosing] = match;
    if (tag === "g") {
      if (closing) inherited.pop();
      else if (!selfClosing) inherited.push(attributes(rest).fill ?? inherited.at(-1));
      continue;
    }
    if (closing) continue;
    const a = attributes(rest);
    let d: string;
    if (tag === "path") d = a.d ?? "";
    else if (tag === "circle") d = ellipseData(n(a.cx), n(a.cy), n(a.r), n(a.r));
    else if (tag === "ellipse") d = ellipseData(n(a.cx), n(a.cy), n(a.rx), n(a.ry));
    else if (tag === "rect") {
      const [x, y, w, h] = [n(a.x), n(a.y), n(a.width), n(a.height)];
      const r = Math.min(n(a.rx ?? a.ry), w / 2, h / 2);
      d =
        r > 0
          ? `M${x + r} ${y}H${x + w - r}A${r} ${r} 0 0 1 ${x + w} ${y + r}V${y + h - r}A${r} ${r} 0 0 1 ${x + w - r} ${y + h}H${x + r}A${r} ${r} 0 0 1 ${x} ${y + h - r}V${y + r}A${r} ${r} 0 0 1 ${x + r} ${y}Z`
          : `M${x} ${y}H${x + w}V${y + h}H${x}Z`;
    } else throw new Error(`Icon ${name} has a <${tag}> the kit does not draw`);
    const fill = a.fill ?? inherited.at(-1) ?? "#000000";
    parsePath(d);
    const shape: PictureShape = { d };
    if (fill !== "none") shape.fill = fill.toLowerCase();
    if (a.stroke && a.stroke !== "none") {
      shape.stroke = a.stroke.toLowerCase();
      shape.strokeWidth = a["stroke-width"] ? Number(a["stroke-width"]) : 1;
    }
    if (a["fill-rule"] === "evenodd") shape.evenOdd = true;
    if (shape.fill || shape.stroke) shapes.push(shape);
  }
  return shapes;
}

/** Every catalogued picture, drawn from the installed icon set. */
export function extractPictures(): PictureFile {
  const { set, version } = loadIconSet();
  const pictures: Record<string, PictureData> = {};
  for (const group of Object.values(pictureSources)) {
    for (const [id, icon] of Object.entries(group) as [PictureId, string][]) {
      const name = set.icons[icon] ? icon : set.aliases?.[icon]?.parent;
      const body = name ? set.icons[name]?.body : undefined;
      if (!body) throw new Error(`Icon ${icon} (for ${id}) is not in the icon set`);
      const shapes = shapesOfBody(icon, body);
      const box = boundsOf(shapes.flatMap((shape) => flatten(parsePath(shape.d))));
      const r = (value: number) => Math.round(value * 100) / 100;
      pictures[id] = { box: [r(box.x), r(box.y), r(box.width), r(box.height)], shapes };
    }
  }
  return { source: `@iconify-json/fluent-emoji-flat@${version}`, pictures };
}

// Run directly: writes pictures.json next to this file.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = new URL("./pictures.json", import.meta.url);
  writeFileSync(file, `${JSON.stringify(extractPictures())}\n`);
  process.stdout.write(`wrote ${file.pathname}\n`);
}
