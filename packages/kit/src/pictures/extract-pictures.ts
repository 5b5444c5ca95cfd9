import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { ellipsePath, rectPath } from "../draw/paths.ts";
import { boundsOf, flatten, parsePath, round } from "../draw/svg-path.ts";
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

function loadIconSet(): { set: IconSet; version: string } {
  const set = require("@iconify-json/fluent-emoji-flat/icons.json") as IconSet;
  const { version } = require("@iconify-json/fluent-emoji-flat/package.json") as { version: string };
  return { set, version };
}

const unsupported = /url\(|<use|<filter|clipPath|clip-path|opacity|transform|<linearGradient|<radialGradient/;

function attributes(tag: string): Record<string, string> {
  return Object.fromEntries([...tag.matchAll(/([a-z-]+)="([^"]*)"/g)].map((match) => [match[1], match[2]]));
}

const n = (value: string | undefined) => Number(value ?? 0);

/** The shapes of one icon body, in painting order. */
function shapesOfBody(name: string, body: string): PictureShape[] {
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
    else if (tag === "circle") d = ellipsePath(n(a.cx), n(a.cy), n(a.r));
    else if (tag === "ellipse") d = ellipsePath(n(a.cx), n(a.cy), n(a.rx), n(a.ry));
    else if (tag === "rect") d = rectPath(n(a.x), n(a.y), n(a.width), n(a.height), n(a.rx ?? a.ry));
    else throw new Error(`Icon ${name} has a <${tag}> the kit does not draw`);
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
      pictures[id] = { box: [round(box.x), round(box.y), round(box.width), round(box.height)], shapes };
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
