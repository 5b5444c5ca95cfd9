import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// A touch screen applies :hover to whatever was last tapped and keeps it there: a hover look
// outside `@media (hover: hover)` makes the next screen's button under the finger look chosen.
// Every :hover rule of the stylesheets must sit inside such a media block.

type Rule = { selector: string; ancestors: string[] };

/** Every style rule of a stylesheet with the at-rules it is nested in (braces in comments and strings skipped). */
function styleRules(css: string): Rule[] {
  const source = css
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g, (text) => text.replace(/[{};]/g, " "));
  const rules: Rule[] = [];
  const open: string[] = [];
  let prelude = "";
  for (const char of source) {
    if (char === "{") {
      const head = prelude.trim();
      if (!head.startsWith("@")) rules.push({ selector: head, ancestors: [...open] });
      open.push(head);
      prelude = "";
    } else if (char === "}") {
      open.pop();
      prelude = "";
    } else if (char === ";") {
      prelude = "";
    } else {
      prelude += char;
    }
  }
  return rules;
}

const hoverMedia = /^@media\b.*\(\s*hover\s*:\s*hover\s*\)/;

/** The selectors that style :hover without a `(hover: hover)` media block around them. */
function unguardedHover(css: string): string[] {
  return styleRules(css)
    .filter((rule) => rule.selector.includes(":hover"))
    .filter((rule) => !rule.ancestors.some((ancestor) => hoverMedia.test(ancestor)))
    .map((rule) => rule.selector.replace(/\s+/g, " "));
}

describe("hover styles", () => {
  it("finds a :hover rule outside a hover media block, and accepts one inside", () => {
    expect(unguardedHover(".a:hover, .a[aria-pressed] { color: red }")).toEqual([".a:hover, .a[aria-pressed]"]);
    expect(unguardedHover("@media (width > 1px) { .a:hover { color: red } }")).toEqual([".a:hover"]);
    expect(unguardedHover('@media (hover: hover) { .a:hover { content: "}" } } .b { color: red }')).toEqual([]);
    expect(unguardedHover("@media (hover: hover) and (pointer: fine) { .a:hover { color: red } }")).toEqual([]);
  });

  for (const file of ["app.css", "console.css"]) {
    it(`${file} changes nothing on :hover outside @media (hover: hover)`, () => {
      const css = readFileSync(new URL(`./${file}`, import.meta.url), "utf8");
      expect(styleRules(css).length).toBeGreaterThan(10);
      expect(unguardedHover(css)).toEqual([]);
    });
  }
});
