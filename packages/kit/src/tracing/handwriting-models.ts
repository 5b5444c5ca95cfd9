import type { Locale } from "@kinderready/i18n/locales";
import type { StrokeGlyph, StrokeGlyphs } from "./stroke-font.ts";

// The handwriting each language's schools teach for print letters and digits. The letters are
// shared ball-and-stick forms (Zaner-Bloser manuscript; the same shapes as German Druckschrift,
// French script, Spanish letra de imprenta, Brazilian letra bastão and Russian печатные буквы);
// the digits 1, 4 and 7 are written as that country's first-grade copybooks write them.

/** 1 as in American and Arabic schools: one line, pulled down from the top. */
const plainOne: StrokeGlyph = { width: 0.9, strokes: ["M0.45 0 L0.45 2"] };
/** 1 as in European schools: a long flag up to the top, then straight down. */
const flagOne: StrokeGlyph = { width: 0.9, strokes: ["M0.14 0.5 L0.62 0 L0.62 2"] };
/** 4 open at the top, as taught everywhere: pull down and slide right; then the long line down. */
const openFour: StrokeGlyph = { width: 1.25, strokes: ["M0.2 0 L0.2 1.3 L1.15 1.3", "M0.85 0 L0.85 2"] };
/** 7: slide right, slant down. */
const plainSeven: StrokeGlyph = { width: 1.2, strokes: ["M0.1 0 L1.1 0 L0.45 2"] };
/** 7 with the bar across its middle, as German, French and Spanish children write it. */
const crossedSeven: StrokeGlyph = { width: 1.2, strokes: ["M0.1 0 L1.1 0 L0.45 2", "M0.42 1 L1.08 1"] };

export type HandwritingModel = {
  /** What the model is called where it is taught. */
  name: string;
  /** The glyphs of this model that differ from the shared ones. */
  glyphs: StrokeGlyphs;
};

const american: HandwritingModel = {
  name: "Zaner-Bloser manuscript",
  glyphs: { "1": plainOne, "4": openFour, "7": plainSeven },
};

export const handwritingModels: Record<Locale, HandwritingModel> = {
  en: american,
  ar: {
    name: "Naskh school hand for the letters and their joined forms (كراسات الخط); Western digits as Arabic-speaking schools teach them",
    glyphs: american.glyphs,
  },
  de: { name: "Druckschrift (Grundschule)", glyphs: { "1": flagOne, "4": openFour, "7": crossedSeven } },
  fr: { name: "écriture script (maternelle, CP)", glyphs: { "1": flagOne, "4": openFour, "7": crossedSeven } },
  es: { name: "letra de imprenta (Educación Infantil)", glyphs: { "1": flagOne, "4": openFour, "7": crossedSeven } },
  pt: { name: "letra bastão e de forma (Educação Infantil)", glyphs: { "1": flagOne, "4": openFour, "7": plainSeven } },
  ru: { name: "печатные буквы (прописи)", glyphs: { "1": flagOne, "4": openFour, "7": plainSeven } },
};
