import { describe, expect, it } from "vitest";
import { frenchWords, languageRules, neutralSpanish, ruleBreaches } from "./language-rules.ts";

// Each house rule finds its breach and leaves the house's own way of writing alone.

const found = (locale: "en" | "ru" | "es" | "fr", text: string) =>
  ruleBreaches(languageRules[locale], { text }).map((breach) => breach.replace(/^text: "(.*)" \(.*$/su, "$1"));

describe("English house rules", () => {
  it("finds American spellings and words American and British parents read differently", () => {
    expect(
      found("en", "Colour your favourite picture: trousers, fries, a light, the centre, grey, personalised."),
    ).toEqual([]);
    expect(found("en", "Color your favorite pants and chips by torch in the center, Mom.")).toEqual([
      "Color",
      "favorite",
      "center",
      "Mom",
      "pants",
      "chips",
      "torch",
    ]);
  });
});

describe("Russian house rules", () => {
  it('finds a capital "Вы" inside a sentence, not at its start', () => {
    expect(found("ru", "Вы получили письмо. Ваш план готов.")).toEqual([]);
    expect(found("ru", "Спасибо, Ваш план готов: Вы можете начинать, мы ждём Вас")).toEqual(["Ваш", "Вы", "Вас"]);
  });

  it("finds straight and English quotes, a spaced hyphen or en dash, three dots and е for ё", () => {
    expect(found("ru", "Откройте «Мои материалы» („Уровень 1“) — для детей 3–6 лет, ещё…")).toEqual([]);
    expect(found("ru", 'Откройте "Мои материалы" - или “Уровень 1” – еще... ребенок')).toEqual([
      '"',
      '"',
      "-",
      "”",
      "–",
      "...",
      "еще",
      "ребенок",
    ]);
  });
});

describe("Spanish house rules", () => {
  it('finds "usted" and "vosotros" forms, and usted imperatives with a pronoun', () => {
    expect(found("es", "Inténtalo de nuevo y deja que tu peque elija.")).toEqual([]);
    expect(found("es", "Usted puede inténtelo o escríbanos; os ayudamos con vuestro kit.")).toEqual([
      "Usted",
      "inténtelo",
      "escríbanos",
      "os",
      "vuestro",
    ]);
  });

  it("finds a question or exclamation that does not open with ¿ or ¡", () => {
    expect(found("es", "¿Tienes dudas? Si quieres, ¿nos escribes? ¡Listo! Guardando…")).toEqual([]);
    expect(found("es", "Tienes dudas? Hecho: listo! ¡Bien!")).toEqual(["Tienes dudas?", "listo!"]);
  });
});

describe("neutral Spanish", () => {
  it("finds the words of one region only, not their look-alikes", () => {
    const regional = (text: string) => ruleBreaches([neutralSpanish], { text }).length;
    expect(regional("Antes de la escuela, recoge los juguetes; introducción al conteo.")).toBe(0);
    expect(regional("Antes del cole, coge el móvil y vuelve a introducirla; ingresa tu correo.")).toBe(5);
  });
});

describe("French house rules", () => {
  it("finds a plain space before ? ! : ; » or after «, and a straight apostrophe", () => {
    expect(found("fr", "Une question\u00a0? «\u00a0L’essai\u00a0»")).toEqual([]);
    expect(found("fr", "Une question ? « L'essai »")).toEqual([" ?", "« ", "'", " »"]);
  });

  it("finds the words the glossary puts aside, not the ones it keeps", () => {
    const aside = (text: string) => ruleBreaches([frenchWords], { text }).length;
    expect(aside("Vos packs en plus, par e-mail, avec votre abonnement.")).toBe(0);
    expect(aside("Vos packs supplémentaires, par courriel ou par mail, avec votre souscription.")).toBe(4);
  });
});
