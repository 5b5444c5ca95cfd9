import { z } from "zod";

/**
 * Characters with no place in a line of text a person typed, which could make stored text show
 * other than it reads: control characters (NUL, ESC, BEL, line breaks…), the bidirectional
 * embeddings, overrides, isolates and marks (U+202E and its kin) and the line and paragraph
 * separators. Letters of every script, accents and emoji stay, and so do the joiners (ZWJ, ZWNJ)
 * Arabic, Persian and emoji sequences need.
 */
const unwantedInText = /[\p{Cc}\p{Bidi_Control}\p{Zl}\p{Zp}]/gu;

export function withoutControls(text: string): string {
  return text.replace(unwantedInText, "");
}

/** A string schema whose rules see the text already without those characters. */
export function plainText<Output>(schema: z.ZodType<Output, string>) {
  return z.string().transform(withoutControls).pipe(schema);
}
