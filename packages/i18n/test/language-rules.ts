import type { Locale } from "../src/locales.ts";

// The house rules of the seven languages, written as what breaks them (ADR 0038, glossaries in
// docs/i18n/): English is one English for American and British parents, German speaks to the parent as "Sie" and says "Stufe", Portuguese is Brazil's,
// Arabic writes Western digits, French keeps a non-breaking space before its punctuation, Russian
// writes "вы" in lower case, «ёлочки», a spaced em dash and ё, Spanish says "tú" and opens its
// questions and exclamations with ¿ and ¡. The
// tests of every place that holds texts (catalogues, legal documents, the kit) run their texts
// through these patterns.

export type LanguageRule = { name: string; pattern: RegExp };

/** The words of the list as whole words: a letter on neither side (\b does not know "ü"). */
const words = (list: string, flags = "giu") => new RegExp(`(?<![\\p{L}\\p{N}])(?:${list})(?![\\p{L}\\p{N}])`, flags);
const anyCase = (list: string[]) => list.map((word) => `[${word[0]?.toUpperCase()}${word[0]}]${word.slice(1)}`);

/**
 * German in the "du" register: its pronouns, and the imperatives the catalogues once used (some
 * only in lower case: "Versuch", "Tipp" and "Schau" are also nouns). The kit speaks to the child
 * as "du" on its worksheets; its tests leave those texts out of this rule.
 */
export const germanSie: LanguageRule = {
  name: 'the "du" register (German texts say "Sie")',
  pattern: words(
    [
      ...anyCase(
        "du dich dir dein deine deinem deinen deiner deines euch euer eure eurem euren eurer eures".split(" "),
      ),
      ..."mach schreib versuch geh tipp prüf hol schau gib nimm lies sieh probier behalt".split(" "),
      ..."Mach Schreib Geh Prüf Hol Gib Nimm Lies Sieh Probier Behalt".split(" "),
    ].join("|"),
    "gu",
  ),
};

export const germanStufe: LanguageRule = {
  name: '"Level" (German texts say "Stufe")',
  pattern: words("levels?|level-\\p{L}+"),
};

/** Words, spellings and forms of Portugal's Portuguese, each with the Brazilian one in the glossary. */
export const brazilianPortuguese: LanguageRule = {
  name: "European Portuguese (texts are Brazilian)",
  pattern: words(
    [
      // vocabulary
      "telemóve(?:l|is)|registos?|registad[oa]s?|registar|factos?|equipas?|ecrãs?|écrans?|utilizador(?:es|as?)?",
      "ficheiros?|descarreg\\p{L}*|subscri\\p{L}*|moradas?|pequeno-almoço|casas? de banho|autocarros?",
      "comboios?|sumos?|rebuçados?|frigoríficos?|lápis de cera|sítios?|contact[oae]\\p{L}*|receção|perceção",
      "autocolantes?|puzzles?|miúd[oa]s?|partilh\\p{L}*|connosco|convosco|ligaç(?:ão|ões)|aced(?:er|e|a|em|ido)",
      "castanh[oa]s?|camisolas?|sapatilhas?|chávenas?|esferográficas?|fita-cola|pastilhas? elásticas?",
      "loiças?|raparigas?|montras?|aguarelas?|agrafador|carrinhas?|relva|infantários?|educador\\p{L}* de infância",
      "bebés|bebé",
      // spelling: ó/é before m or n where Brazil writes ô/ê (autónomo, prémio, género, termómetro)
      "\\p{L}*[óé][mn][aeiouáéíóú]\\p{L}*",
      // the "tu" forms
      "tu|teu|tua|teus|tuas|ti|contigo|vós|podes|tens|queres|estás|és|vais|fazes|sabes|vês|consegues|gostas|precisas",
      // "estar a fazer" and the "A enviar…" labels, where Brazil says "fazendo", "Enviando…"
      "(?:est(?:á|ão|amos|ou|ava|avam|ar)|fic(?:a|am|ar)|and(?:a|am)) a \\p{L}+(?:ar|er|ir)",
      "a \\p{L}+(?:ar|er|ir)…",
    ].join("|"),
  ),
};

export const westernDigits: LanguageRule = {
  name: "Arabic-Indic digits (Arabic texts write 0-9)",
  pattern: /[\u0660-\u0669\u06f0-\u06f9]/gu,
};

/** French words the glossary puts aside: "packs en plus", "l’e-mail", "l’abonnement". */
export const frenchWords: LanguageRule = {
  name: "a word the French glossary puts aside",
  pattern: words("packs? supplémentaires?|courriels?|souscriptions?|(?<!e-)mails?"),
};

/** French typography: a non-breaking space before ? ! : ; » and after «, and the apostrophe ’. */
export const frenchTypography: LanguageRule = {
  name: "French typography (non-breaking space before ?!:;» and after «, apostrophe ’)",
  pattern: /[ \t][?!:;»]|«[ \t]|(?<=\p{L})'(?=\p{L})/gu,
};

/**
 * Russian "Вы" with a capital inside a sentence: the parent is "вы" in lower case, as everyday
 * interfaces write it. At the start of a sentence any word has a capital, so only a "Вы" after a
 * lower-case letter, a digit or , ; : — and a space is a breach.
 */
export const russianLowercaseVy: LanguageRule = {
  name: 'a capital "Вы" inside a sentence (Russian texts write "вы")',
  pattern: /(?<=[\p{Ll}\p{N},;:—]\s+)(?:Вы|Ваш\p{L}*|Вам|Вас|Вами)(?![\p{L}\p{N}])/gu,
};

/**
 * Russian typography: quotation marks «…» („…“ inside), never "…" or English “…”; an em dash
 * between words, never a spaced hyphen or en dash (3–6 without spaces is a range); … as one sign.
 */
export const russianTypography: LanguageRule = {
  name: "Russian typography (quotes «…», a spaced em dash, …)",
  pattern: /"|”|(?<=\s)[-–](?=\s)|\.\.\./gu,
};

/**
 * Words written with е where the house writes ё (ещё, ребёнок, отчёт): the common ones the texts
 * use; "все"/"всё" and the like need a reader, as both spellings are words.
 */
export const russianYo: LanguageRule = {
  name: "е where Russian texts write ё",
  pattern: words(
    "еще|ребен\\p{L}*|нашел|пришлем|пришлет|придет|начнем|ждет|ждем|идет|поймет|найдет|найдем|отчет|счет|расчет|подсчет|желт\\p{L}*|зеленый|зеленая|зеленое|зеленые",
  ),
};

/** Spanish "usted"/"vosotros" forms: the parent is "tú" (one parent reads the page). */
export const spanishTu: LanguageRule = {
  name: 'the "usted" or "vosotros" register (Spanish texts say "tú")',
  pattern: words(
    [
      "usted|ustedes|vosotr[oa]s|vuestr[oa]s?|os",
      // "usted" imperatives with a pronoun attached: a subjunctive ("que elija") never takes one
      "inténtelo|escríbanos|contáctenos|póngase|pruébelo|compruébelo|selecciónelo|introdúzcalo",
    ].join("|"),
  ),
};

/**
 * Words of one side of the ocean only, each with the neutral one in the glossary (la escuela,
 * la computadora, el teléfono, escribir): the parents' texts are read in Spain and Latin America.
 */
export const neutralSpanish: LanguageRule = {
  name: "a regional word (Spanish texts are neutral)",
  pattern: words(
    [
      "cole|coles|coger|coge|cogí|ordenador(?:es)?|móvil(?:es)?|zumos?|ceras|rotuladores?",
      "introduc(?:ir|irla|irlo|irlas|irlos|e|es|ido|ida)|celular(?:es)?|kínder|ingres(?:ar|a|e)",
    ].join("|"),
  ),
};

/**
 * Spanish opens every question and exclamation: a "?" or "!" whose sentence (from the text's
 * start or the last . ! ? … : ;) has no ¿ or ¡.
 */
export const spanishOpeningMarks: LanguageRule = {
  name: "a question or exclamation without ¿ or ¡ (Spanish opens them)",
  pattern: /(?<=^|[.!?…:;]\s*)(?!\s)[^¿¡.!?…:;]*[?!]/gu,
};

/**
 * One English for American and British parents alike: British spelling (colour, favourite,
 * personalised), as the house has always written, and never an American one.
 */
export const britishSpelling: LanguageRule = {
  name: "an American spelling (the house spells colour, favourite, centre, grey, -ise)",
  pattern: words(
    [
      ...anyCase(["color", "colors", "colored", "coloring", "colorful", "favorite", "favorites", "center", "centers"]),
      ...anyCase(["gray", "behavior", "behaviors", "mom", "moms", "math", "catalog"]),
      ...anyCase(["personalized", "personalize", "organize", "organized", "recognize", "recognizes", "practicing"]),
    ].join("|"),
  ),
};

/**
 * Words an American and a British parent read differently, or one of them does not use: the
 * house writes the word both read the same way (trousers and underwear, not pants; fries, not
 * chips; a light, not a torch or a flashlight).
 */
export const sharedEnglishWords: LanguageRule = {
  name: "a word American and British parents read differently",
  pattern: words(
    anyCase([
      "pants",
      "chips",
      "crisps",
      "biscuit",
      "biscuits",
      "torch",
      "flashlight",
      "nappy",
      "nappies",
      "diaper",
      "diapers",
      "pram",
      "stroller",
      "trainers",
      "sneakers",
      "jumper",
      "lorry",
      "sweets",
      "candy",
      "plaster",
      "aubergine",
      "courgette",
      "zucchini",
      "sweetcorn",
      "cutlery",
      "silverware",
      "sledge",
      "rubbish",
      "garbage",
      "trash",
      "mum",
      "mummy",
      "ladybird",
      "motorbike",
      "grandad",
      "car park",
      "parking lot",
    ]).join("|"),
  ),
};

export const languageRules: Record<Locale, LanguageRule[]> = {
  en: [britishSpelling, sharedEnglishWords],
  ru: [russianLowercaseVy, russianTypography, russianYo],
  es: [spanishTu, spanishOpeningMarks],
  fr: [frenchTypography],
  ar: [westernDigits],
  de: [germanSie, germanStufe],
  pt: [brazilianPortuguese],
};

/** Every string of a JSON document by its path ("book.guideTips.0"). */
export function textsOf(node: unknown, path = ""): Record<string, string> {
  if (typeof node === "string") return { [path]: node };
  if (!node || typeof node !== "object") return {};
  return Object.assign(
    {},
    ...Object.entries(node).map(([key, value]) => textsOf(value, path ? `${path}.${key}` : key)),
  );
}

/** Each breach as "path: what was found (the rule)", so a failing test lists every one. */
export function ruleBreaches(rules: readonly LanguageRule[], texts: Record<string, string>): string[] {
  return Object.entries(texts).flatMap(([path, text]) => {
    // Markup tags (<subscription>) and placeholders ({{name}}) are not text anyone reads.
    const prose = text.replace(/<\/?[\w-]+>|\{\{[^}]*\}\}/g, " ");
    return rules.flatMap((rule) =>
      [...prose.matchAll(rule.pattern)].map((match) => `${path}: "${match[0]}" (${rule.name})`),
    );
  });
}
