import { createRequire } from "node:module";
import { type Font, openSync } from "fontkit";

// OFL fonts from the npm registry (ADR 0015): Nunito for Latin and Cyrillic, Cairo for Arabic
// (the pages' fonts too). Cairo draws each letter with its dots as one glyph, so text extracted
// from the PDF (search, copy, screen readers) is the text written; Noto Sans Arabic's separate
// dot marks made extraction read the wrong letters. TTF only: fontkit's subsetter breaks on WOFF2.

const require = createRequire(import.meta.url);

export const fontFiles = {
  body: require.resolve("@expo-google-fonts/nunito/600SemiBold/Nunito_600SemiBold.ttf"),
  heading: require.resolve("@expo-google-fonts/nunito/800ExtraBold/Nunito_800ExtraBold.ttf"),
  trace: require.resolve("@expo-google-fonts/nunito/500Medium/Nunito_500Medium.ttf"),
  arabicBody: require.resolve("@expo-google-fonts/cairo/500Medium/Cairo_500Medium.ttf"),
  arabicHeading: require.resolve("@expo-google-fonts/cairo/800ExtraBold/Cairo_800ExtraBold.ttf"),
  arabicTrace: require.resolve("@expo-google-fonts/cairo/500Medium/Cairo_500Medium.ttf"),
} as const;

export type FontName = keyof typeof fontFiles;
/** What a piece of text is for; each role has a Latin/Cyrillic and an Arabic face. */
export type FontRole = "body" | "heading" | "trace";

const arabicFor: Record<FontRole, FontName> = { body: "arabicBody", heading: "arabicHeading", trace: "arabicTrace" };

const loaded = new Map<FontName, Font>();

export function fontkitFont(name: FontName): Font {
  let font = loaded.get(name);
  if (!font) {
    font = openSync(fontFiles[name]) as Font;
    loaded.set(name, font);
  }
  return font;
}

/** Arabic letters, marks and Arabic-Indic digits take the Arabic face; everything else Nunito. */
function isArabicCodePoint(codePoint: number): boolean {
  return (
    (codePoint >= 0x0600 && codePoint <= 0x06ff) ||
    (codePoint >= 0x0750 && codePoint <= 0x077f) ||
    (codePoint >= 0x08a0 && codePoint <= 0x08ff) ||
    (codePoint >= 0xfb50 && codePoint <= 0xfdff) ||
    (codePoint >= 0xfe70 && codePoint <= 0xfeff)
  );
}

export function fontForCodePoint(role: FontRole, codePoint: number): FontName {
  return isArabicCodePoint(codePoint) ? arabicFor[role] : role;
}
