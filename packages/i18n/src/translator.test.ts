import { describe, expect, it } from "vitest";
import english from "../catalogues/en.json" with { type: "json" };
import { localeCodes } from "./locales.ts";
import { serverI18n } from "./server-i18n.server.ts";
import { type Catalogue, createTranslator } from "./translator.ts";

const catalogue: Catalogue = {
  greeting: "Hello, {{name}}!",
  spaced: "{{ a }} and {{b}}",
  files: { count_one: "{{count}} file", count_few: "{{count}} files (few)", count_other: "{{count}} files" },
  title: "Plain title",
  title_male: "His title",
  level: "Level {{level}}",
};

describe("createTranslator", () => {
  // Keys of a made-up catalogue: any string, so missing keys can be tried.
  const { t, namespace, ifKnown, language } = createTranslator<string, { console: string }>("en", catalogue, {
    console: { title: "Console" },
  });

  it("reads nested keys and fills placeholders, with or without spaces", () => {
    expect(language).toBe("en");
    expect(t("greeting", { name: "Ada" })).toBe("Hello, Ada!");
    expect(t("spaced", { a: 1, b: "two" })).toBe("1 and two");
    expect(t("level", { level: 0 })).toBe("Level 0");
  });

  it("leaves a placeholder without a value empty rather than showing braces", () => {
    expect(t("greeting")).toBe("Hello, !");
  });

  it("picks the plural form by the language's rules", () => {
    expect(t("files.count", { count: 1 })).toBe("1 file");
    expect(t("files.count", { count: 5 })).toBe("5 files");
    const russian = createTranslator<string, { console: string }>("ru", catalogue);
    expect(russian.t("files.count", { count: 3 })).toBe("3 files (few)");
    expect(russian.t("files.count", { count: 21 })).toBe("21 file");
  });

  it("uses a context variant when there is one, else the plain message", () => {
    expect(t("title", { context: "male" })).toBe("His title");
    expect(t("title", { context: "female" })).toBe("Plain title");
  });

  it("falls back to the default value, then to the key, for a missing message", () => {
    expect(t("missing.key", { defaultValue: "Default {{n}}", n: 2 })).toBe("Default 2");
    expect(t("missing.key")).toBe("missing.key");
    // A branch of the tree is not a message.
    expect(t("files")).toBe("files");
  });

  it("reaches namespaces by prefix or by binding", () => {
    expect(t("console:title")).toBe("Console");
    expect(namespace("console")("title")).toBe("Console");
    expect(namespace("console")).toBe(namespace("console"));
    // A colon that names no namespace is part of the key.
    expect(t("nope:title")).toBe("nope:title");
  });

  it("says undefined, never the key, for a run-time key the catalogue lacks", () => {
    expect(ifKnown()("greeting", { name: "Ada" })).toBe("Hello, Ada!");
    expect(ifKnown()("files.count", { count: 5 })).toBe("5 files");
    expect(ifKnown()("missing.key")).toBeUndefined();
    expect(ifKnown()("missing.key", { defaultValue: "Default" })).toBeUndefined();
    expect(ifKnown()("files")).toBeUndefined();
    expect(ifKnown()(undefined)).toBeUndefined();
    expect(ifKnown()("")).toBeUndefined();
    expect(ifKnown()("console:title")).toBe("Console");
    expect(ifKnown("console")("title")).toBe("Console");
    expect(ifKnown("console")("greeting")).toBeUndefined();
    expect(ifKnown("console")).toBe(ifKnown("console"));
  });
});

describe("the real catalogues through the translator", () => {
  const pluralBases = (node: unknown, path: string[] = []): string[] =>
    typeof node === "object" && node !== null
      ? Object.entries(node).flatMap(([key, value]) => pluralBases(value, [...path, key]))
      : /_other$/.test(path.at(-1) ?? "")
        ? [path.join(".").replace(/_other$/, "")]
        : [];
  const bases = pluralBases(english);

  it("has plural messages to check", () => expect(bases.length).toBeGreaterThan(2));

  it.each(localeCodes)("%s: every plural message resolves for every count, with no placeholder left", (locale) => {
    const translate = serverI18n(locale).ifKnown();
    for (const base of bases) {
      for (const count of [0, 1, 2, 3, 5, 11, 21, 100, 101]) {
        const text = translate(base, { count });
        expect(text, `${locale} ${base} ${count}`).toBeDefined();
        // Arabic may spell one and two out ("دقيقة واحدة"), so no digit is required.
        expect(text, `${locale} ${base} ${count}`).not.toMatch(/\{\{|^$/);
      }
    }
  });
});
