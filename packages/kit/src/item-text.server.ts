import type { Locale } from "@kinderready/i18n/locales";
import type { ItemPlace, KitItem, PrintableItem, PrintableParams } from "./catalogue.ts";
import { fill, type KitContent, kitContent, kitStories } from "./content.server.ts";
import { formatNumber, letterGroup, lowerCase } from "./letters.ts";

// What an item is called and what it asks, in a language: the page titles and instructions, and
// the same words on the printables page.

/** The values a template's title and instruction fill in: its letters, numbers, shape, routine. */
function printableValues(content: KitContent, locale: Locale, params: PrintableParams): Record<string, string> {
  switch (params.template) {
    case "letters":
      return { letters: letterGroup(locale, params.case, params.group).join(" ") };
    case "letter-booklet":
      return { letter: letterGroup(locale, "upper", params.group).join(" ") };
    case "letter-hunt": {
      const letter = letterGroup(locale, "upper", params.group)[0] ?? "";
      return { letter: locale === "ar" ? letter : `${letter} ${lowerCase(locale, letter)}` };
    }
    case "trace-numbers":
    case "count-objects":
      return { from: formatNumber(locale, params.from), to: formatNumber(locale, params.to) };
    case "social-story":
      return { title: content.socialStories[params.story].title };
    case "name-week":
      return { week: formatNumber(locale, params.week) };
    case "calm-breathing":
      return { shape: content.values.breathing[params.shape] };
    case "routine-chart":
    case "routine-strip":
      return { routine: content.routines[params.routine].title };
    default:
      return {};
  }
}

function printableTitle(content: KitContent, locale: Locale, params: PrintableParams): string {
  if (params.template === "story") return kitStories(locale).stories[params.story]?.title ?? "";
  const values = printableValues(content, locale, params);
  if (params.template === "letters" && locale === "ar" && params.case === "lower")
    return fill(content.values.lettersJoined, values);
  return fill(content.templates[params.template].title, values);
}

/** The mode a template was given, when its instruction depends on it. */
function modeOf(params: PrintableParams): string | undefined {
  return "mode" in params ? params.mode : undefined;
}

export function itemTitle(item: KitItem, locale: Locale): string {
  const content = kitContent(locale);
  return item.kind === "activity"
    ? (content.activities[item.id]?.title ?? item.id)
    : printableTitle(content, locale, item.params);
}

/** The title of one page of a worksheet: a letters (or letter-page) worksheet's page is about its one letter. */
export function worksheetTitle(item: PrintableItem, locale: Locale, part: number): string {
  const { params } = item;
  if (params.template === "letter-booklet") {
    const letter = letterGroup(locale, "upper", params.group)[part] ?? "";
    return fill(kitContent(locale).templates["letter-booklet"].title, { letter });
  }
  if (params.template !== "letters") return itemTitle(item, locale);
  const content = kitContent(locale);
  const letter = letterGroup(locale, params.case, params.group)[part] ?? "";
  const title = locale === "ar" && params.case === "lower" ? content.values.letterForms : content.values.letterPage;
  return fill(title, { letter });
}

/** One sentence about the item: the worksheet's instruction or what the activity teaches. */
export function itemSummary(item: KitItem, locale: Locale): string {
  const content = kitContent(locale);
  if (item.kind === "activity") return content.activities[item.id]?.teaches ?? "";
  const template = content.templates[item.params.template];
  const mode = modeOf(item.params);
  return fill((mode && template.modes?.[mode]) || template.instruction, printableValues(content, locale, item.params));
}

export function placeLabel(place: ItemPlace, locale: Locale): string {
  const content = kitContent(locale);
  if ("pack" in place) return content.packs[place.pack];
  if ("month" in place) return content.months[String(place.month) as "1"].title;
  return place.level === 0
    ? content.page.trialLevel
    : fill(content.page.level, { number: formatNumber(locale, place.level) });
}
