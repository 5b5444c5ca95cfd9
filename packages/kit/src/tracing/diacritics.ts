// Accents as strokes added after the letter, the way children write them: the letter first, then
// the accent. Over small letters they sit between the midline and the top line; over capitals in
// the accent space above the top line; the cedilla hangs under the baseline.

export type MarkId = "acute" | "grave" | "circumflex" | "tilde" | "diaeresis" | "cedilla" | "breve";

const f = (value: number) => Math.round(value * 1000) / 1000;

/** Where an accent goes: its centre x and the y of its lowest and highest point. */
function zone(width: number, capital: boolean, letter: string) {
  // Single-storey a and the like carry the accent over their bowl, left of the stem.
  const centre = letter === "a" || letter === "ą" ? width * 0.44 : width / 2;
  return capital ? { cx: centre, low: -0.2, high: -0.7 } : { cx: centre, low: 0.78, high: 0.3 };
}

/** Each mark as strokes, given the letter's width, case and base letter. */
export const marks: Record<MarkId, (width: number, capital: boolean, letter: string) => string[]> = {
  acute: (width, capital, letter) => {
    const { cx, low, high } = zone(width, capital, letter);
    return [`M${f(cx + 0.16)} ${f(high)} L${f(cx - 0.12)} ${f(low)}`];
  },
  grave: (width, capital, letter) => {
    const { cx, low, high } = zone(width, capital, letter);
    return [`M${f(cx - 0.16)} ${f(high)} L${f(cx + 0.12)} ${f(low)}`];
  },
  circumflex: (width, capital, letter) => {
    const { cx, low, high } = zone(width, capital, letter);
    return [`M${f(cx - 0.26)} ${f(low)} L${f(cx)} ${f(high)} L${f(cx + 0.26)} ${f(low)}`];
  },
  tilde: (width, capital, letter) => {
    const { cx, low, high } = zone(width, capital, letter);
    const mid = (low + high) / 2;
    const a = (low - high) / 2;
    return [
      `M${f(cx - 0.32)} ${f(mid + a * 0.5)} C${f(cx - 0.22)} ${f(mid - a)} ${f(cx - 0.08)} ${f(mid - a)} ${f(cx)} ${f(mid)}` +
        ` C${f(cx + 0.08)} ${f(mid + a)} ${f(cx + 0.22)} ${f(mid + a)} ${f(cx + 0.32)} ${f(mid - a * 0.5)}`,
    ];
  },
  diaeresis: (width, capital, letter) => {
    const { cx, low, high } = zone(width, capital, letter);
    const y = (low + high) / 2;
    // A dot is a tiny downward stroke; the renderer draws strokes this short as dots.
    return [
      `M${f(cx - 0.22)} ${f(y)} L${f(cx - 0.22)} ${f(y + 0.04)}`,
      `M${f(cx + 0.22)} ${f(y)} L${f(cx + 0.22)} ${f(y + 0.04)}`,
    ];
  },
  cedilla: (width) => {
    const cx = width / 2;
    return [`M${f(cx)} 2 L${f(cx + 0.04)} 2.18 C${f(cx + 0.32)} 2.22 ${f(cx + 0.3)} 2.55 ${f(cx - 0.12)} 2.5`];
  },
  breve: (width, capital, letter) => {
    const { cx, low, high } = zone(width, capital, letter);
    return [
      `M${f(cx - 0.26)} ${f(high)} C${f(cx - 0.24)} ${f(low + 0.08)} ${f(cx + 0.24)} ${f(low + 0.08)} ${f(cx + 0.26)} ${f(high)}`,
    ];
  },
};

/** Letters written as a base letter and accents (ı is the dotless i the accents of i sit on). */
export const composedLetters: Record<string, [string, ...MarkId[]]> = {
  á: ["a", "acute"],
  à: ["a", "grave"],
  â: ["a", "circumflex"],
  ã: ["a", "tilde"],
  ä: ["a", "diaeresis"],
  é: ["e", "acute"],
  è: ["e", "grave"],
  ê: ["e", "circumflex"],
  ë: ["e", "diaeresis"],
  í: ["ı", "acute"],
  ì: ["ı", "grave"],
  î: ["ı", "circumflex"],
  ï: ["ı", "diaeresis"],
  ó: ["o", "acute"],
  ò: ["o", "grave"],
  ô: ["o", "circumflex"],
  õ: ["o", "tilde"],
  ö: ["o", "diaeresis"],
  ú: ["u", "acute"],
  ù: ["u", "grave"],
  û: ["u", "circumflex"],
  ü: ["u", "diaeresis"],
  ÿ: ["y", "diaeresis"],
  ñ: ["n", "tilde"],
  ç: ["c", "cedilla"],
  Á: ["A", "acute"],
  À: ["A", "grave"],
  Â: ["A", "circumflex"],
  Ã: ["A", "tilde"],
  Ä: ["A", "diaeresis"],
  É: ["E", "acute"],
  È: ["E", "grave"],
  Ê: ["E", "circumflex"],
  Ë: ["E", "diaeresis"],
  Í: ["I", "acute"],
  Ì: ["I", "grave"],
  Î: ["I", "circumflex"],
  Ï: ["I", "diaeresis"],
  Ó: ["O", "acute"],
  Ò: ["O", "grave"],
  Ô: ["O", "circumflex"],
  Õ: ["O", "tilde"],
  Ö: ["O", "diaeresis"],
  Ú: ["U", "acute"],
  Ù: ["U", "grave"],
  Û: ["U", "circumflex"],
  Ü: ["U", "diaeresis"],
  Ÿ: ["Y", "diaeresis"],
  Ñ: ["N", "tilde"],
  Ç: ["C", "cedilla"],
  ё: ["е", "diaeresis"],
  Ё: ["Е", "diaeresis"],
  й: ["и", "breve"],
  Й: ["И", "breve"],
};
