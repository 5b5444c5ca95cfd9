import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { textsOf } from "../test/language-rules.ts";
import { localeCodes } from "./locales.ts";
import { type Catalogue, createTranslator } from "./translator.ts";

// Durations are written out with the plural form the number needs ("3 дня", "каждые 30 дней",
// "كل 7 أيام"), picked by `count`, never abbreviated ("3 дн."); a sentence with the trial's length
// and the renewal period takes the period as a phrase of its own ({{every}}). Russian dates end in
// "г.", so no Russian sentence ends with a date and a full stop ("г..").

const load = (locale: string) =>
  JSON.parse(readFileSync(new URL(`../catalogues/${locale}.json`, import.meta.url), "utf8")) as Catalogue;

describe("durations", () => {
  it("take the Russian plural form of their number", () => {
    const { t } = createTranslator("ru", load("ru"));
    expect(t("purchase.everyDays", { count: 30 })).toBe("каждые 30 дней");
    expect(t("purchase.everyDays", { count: 21 })).toBe("каждый 21 день");
    expect(t("purchase.pages.subscription-offer.trial", { count: 3 })).toBe("Пробный период: 3 дня");
    expect(t("profile.subscription.priceValue", { amount: "29,99 $", count: 30 })).toBe("29,99 $ каждые 30 дней");
    expect(t("email.accessLink.preheader", { count: 30 })).toBe("Ссылка одноразовая и действует 30 минут.");
    expect(t("printables.minutes", { count: 15 })).toBe("15 минут");
    const terms = t("purchase.pages.subscription-offer.terms", {
      count: 3,
      price: "1,99 $",
      renewal: "29,99 $",
      every: t("purchase.everyDays", { count: 30 }),
    });
    expect(terms).toContain("Пробный период на 3 дня стоит 1,99 $.");
    expect(terms).toContain("продлеваться каждые 30 дней по цене 29,99 $");
  });

  it("agree with their number in Arabic and German", () => {
    const arabic = createTranslator("ar", load("ar")).t;
    expect(arabic("purchase.everyDays", { count: 30 })).toBe("كل 30 يومًا");
    expect(arabic("purchase.everyDays", { count: 7 })).toBe("كل 7 أيام");
    expect(arabic("purchase.pages.subscription-offer.trial", { count: 3 })).toBe("فترة تجريبية لمدة 3 أيام");
    const german = createTranslator("de", load("de")).t;
    expect(german("purchase.pages.subscription-offer.then", { price: "29,99 €", count: 30 })).toBe(
      "Danach 29,99 € alle 30 Tage",
    );
  });

  it("are never abbreviated, in any language but English's kit card", () => {
    const abbreviations = /\{\{\s*(?:days|period|minutes)\s*\}\}|(?<!\p{L})(?:дн\.|мин\.?|Min\.)(?!\p{L})/u;
    for (const locale of localeCodes) {
      const texts = textsOf(load(locale));
      const breaches = Object.entries(texts).filter(
        ([key, text]) => abbreviations.test(text) && !(locale === "en" && key.startsWith("printables.minutes")),
      );
      expect(breaches, locale).toEqual([]);
    }
  });

  it("leave no Russian sentence ending with a date and a full stop", () => {
    const texts = textsOf(load("ru"));
    const breaches = Object.entries(texts).filter(([, text]) => /\{\{\s*(?:date|from|until)\s*\}\}\./.test(text));
    expect(breaches).toEqual([]);
  });
});

describe("the kit's validation messages", () => {
  it("say what to do, with a variant for the failed rule where a field has one", () => {
    const { t } = createTranslator("en", load("en"));
    expect(t("validation.messages.how-old", { context: "max_value" })).toBe(
      "Please enter your child's age: a number from 1 to 18",
    );
    expect(t("validation.messages.contactMessage", { context: "max" })).toBe(
      "Your message is too long. Please shorten it to 2,000 characters or fewer",
    );
    expect(t("validation.messages.contactMessage", { context: "min" })).toBe(
      "Please write your message (at least 10 characters)",
    );
    for (const locale of localeCodes) {
      const validation = textsOf(load(locale).validation);
      expect(
        Object.values(validation).filter((text) => text.includes("{{field}}")),
        locale,
      ).toEqual([]);
    }
  });
});
