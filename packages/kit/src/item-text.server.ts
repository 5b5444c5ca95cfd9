import type { Locale } from "@kinderready/i18n/locales";
import type { ItemPlace } from "./book/book-document.ts";
import type { KitItem, PrintableParams } from "./catalogue.ts";
import { fill, type KitContent, kitContent } from "./content.server.ts";
import { formatNumber, letterGroup } from "./letters.ts";

// What an item is called and what it asks, in a language: the page titles and instructions, and
// the same words on the printables page.

function printableTitle(content: KitContent, locale: Locale, params: PrintableParams): string {
  const template = content.templates[params.template].title;
  switch (params.template) {
    case "letters": {
      const letters = letterGroup(locale, params.case, params.group).join(" ");
      return locale === "ar" && params.case === "lower"
        ? fill(content.values.lettersJoined, { letters })
        : fill(template, { letters });
    }
    case "picture-alphabet":
      return fill(template, { letters: letterGroup(locale, "upper", params.group).join(" ") });
    case "letter-hunt":
      return fill(template, { letter: letterGroup(locale, "upper", params.group)[0] ?? "" });
    case "trace-numbers":
    case "count-objects":
      return fill(template, { from: formatNumber(locale, params.from), to: formatNumber(locale, params.to) });
    case "calm-breathing":
      return fill(template, { shape: content.values.breathing[params.shape] });
    case "routine-chart":
    case "routine-strip":
      return fill(template, { routine: content.routines[params.routine].title });
    default:
      return template;
  }
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

/** One sentence about the item: the worksheet's instruction or what the activity teaches. */
export function itemSummary(item: KitItem, locale: Locale): string {
  const content = kitContent(locale);
  if (item.kind === "activity") return content.activities[item.id]?.teaches ?? "";
  const template = content.templates[item.params.template];
  const mode = modeOf(item.params);
  return (mode && template.modes?.[mode]) || template.instruction;
}

export function placeLabel(place: ItemPlace, locale: Locale): string {
  const content = kitContent(locale);
  if ("pack" in place) return content.packs[place.pack];
  return place.level === 0
    ? content.page.trialLevel
    : fill(content.page.level, { number: formatNumber(locale, place.level) });
}
