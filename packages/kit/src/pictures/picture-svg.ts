import type { PictureId } from "./picture-catalogue.ts";
import { pictureBox, pictureShapes } from "./picture-library.ts";

/** A picture of the kit's library as a standalone SVG, as the kit's pages colour it. */
export function renderPictureSvg(id: PictureId): string {
  const [x, y, width, height] = pictureBox(id);
  const paths = pictureShapes(id, "colour").map(({ d, paint }) => {
    const attributes = [
      `d="${d}"`,
      `fill="${paint.fill ?? "none"}"`,
      ...(paint.stroke ? [`stroke="${paint.stroke}"`, `stroke-width="${paint.lineWidth ?? 1}"`] : []),
      ...(paint.fillRule === "evenodd" ? ['fill-rule="evenodd"'] : []),
    ];
    return `<path ${attributes.join(" ")}/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${x} ${y} ${width} ${height}">${paths.join("")}</svg>`;
}
