// @vitest-environment happy-dom
import english from "@kinderready/i18n/catalogues/en.json" with { type: "json" };
import { createTranslator } from "@kinderready/i18n/translator";
import { cleanup, render } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { TranslatorProvider } from "../../i18n/translation-context.tsx";
import { AnalysisMeter } from "./analysis-meter.tsx";

// The style sheet runs the analysis only where its later status lines are elements: in the
// server's <noscript>, which only a browser without scripts reads as markup.

const meter = (
  <TranslatorProvider translator={createTranslator("en", english)}>
    <AnalysisMeter kidName="Noa" statusId="status" />
  </TranslatorProvider>
);

describe("the analysis meter", () => {
  afterEach(cleanup);

  it("renders every status line after the first in <noscript>, in the order the analysis reaches them", () => {
    const html = renderToString(meter);
    expect(html).toContain('<span class="analyzing__line">Reading your answers</span><noscript>');
    const later = [...(html.split("<noscript>")[1] ?? "").matchAll(/<span class="analyzing__line">([^<]*)<\/span>/g)];
    expect(later.map(([, text]) => text)).toEqual([
      "Matching activities to Noa&#x27;s age",
      "Choosing worksheets for your goals",
      "Putting the final touches on the plan",
      "Noa&#x27;s plan is ready",
    ]);
  });

  it("has no such lines once the scripts render it, so the style sheet leaves it to them", () => {
    const { container } = render(meter);
    expect(container.querySelectorAll(".analyzing__line")).toHaveLength(1);
    expect(container.querySelector(".analyzing__number")?.textContent).toBe("0%");
  });
});
