// @vitest-environment happy-dom
import russian from "@kinderready/i18n/catalogues/ru.json" with { type: "json" };
import { createTranslator } from "@kinderready/i18n/translator";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render-page.tsx";
import { StepContent } from "./step-content.tsx";

// The plan step lists the goals the parent chose by their noun labels, not by the quiz's answers
// (Russian answers are adjectives in the instrumental, "Воспитанным", which read wrong in a list).

const contents = { worksheets: 178, activities: 125, pages: [] };

function renderPlan(goals: string[], translator?: Parameters<typeof renderPage>[1]["translator"]) {
  return renderPage(
    <StepContent
      id="personalized-growing-plan"
      answers={{ kidName: "Emma", age: 5, goals, topics: [] }}
      email=""
      preview={null}
      contents={contents}
      reviews={[]}
    />,
    { url: "/purchase/", path: "/purchase/", translator },
  );
}

const chips = () => [...document.querySelectorAll(".chips li")].map((item) => item.textContent);

describe("the plan step's goals", () => {
  afterEach(cleanup);

  it("lists the chosen goals by their noun labels", async () => {
    await renderPlan(["well-behaved", "independent"]);
    expect(screen.getByText("Focus areas you chose:")).toBeTruthy();
    expect(chips()).toEqual(["Good behaviour", "Independence"]);
  });

  it("lists them as nouns in Russian too, not in the quiz's instrumental", async () => {
    await renderPlan(["well-behaved", "emotionally-stable"], createTranslator("ru", russian));
    expect(chips()).toEqual(["Хорошее поведение", "Эмоциональная устойчивость"]);
    expect(document.body.textContent).not.toContain("Воспитанным");
  });
});
