import PDFDocument from "pdfkit";
import { fontFiles } from "./fonts.server.ts";
import type { GlyphRunDrawing, Paint, Surface } from "./surface.ts";

/** A pdfkit document with the kit's fonts registered and margins off (pages are laid out by hand). */
export function createPdfDocument(title: string, author: string) {
  const doc = new PDFDocument({
    autoFirstPage: false,
    margin: 0,
    compress: true,
    // A fixed date and metadata: the same input gives the same bytes (and the same file id).
    info: {
      Title: title,
      Author: author,
      Creator: author,
      Producer: author,
      CreationDate: new Date(Date.UTC(2026, 0, 1)),
    },
  });
  for (const [name, file] of Object.entries(fontFiles)) doc.registerFont(name, file);
  return doc;
}

export class PdfSurface implements Surface {
  readonly doc: PDFKit.PDFDocument;
  readonly width: number;
  readonly height: number;

  constructor(doc: PDFKit.PDFDocument, width: number, height: number) {
    this.doc = doc;
    this.width = width;
    this.height = height;
  }

  path(d: string, paint: Paint): void {
    const doc = this.doc;
    doc.save();
    doc.lineWidth(paint.lineWidth ?? 1);
    doc.lineCap(paint.lineCap ?? "round");
    doc.lineJoin("round");
    if (paint.dash) doc.dash(paint.dash[0], { space: paint.dash[1] });
    doc.path(d);
    if (paint.fill && paint.stroke) doc.fillAndStroke(paint.fill, paint.stroke);
    else if (paint.fill) doc.fill(paint.fill);
    else if (paint.stroke) doc.stroke(paint.stroke);
    doc.restore();
  }

  text(run: GlyphRunDrawing, color: string): void {
    this.doc
      .font(run.font)
      .fontSize(run.size)
      .fillColor(color)
      // `features: []` shapes the whole run at once, which joins Arabic across word boundaries.
      .text(run.text, run.x, run.baseline, { lineBreak: false, baseline: "alphabetic", features: [] });
  }
}
