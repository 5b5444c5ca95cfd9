// @vitest-environment happy-dom
import { reviewsToShow, type ShownReview } from "@kinderready/domain/reviews/review-rules";
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render-page.tsx";
import { StepContent } from "./step-content.tsx";

// The purchase pages' reviews step: parents' own approved reviews once the language has enough
// (the rule the loader applies), each with its stars named for screen readers, its words, who
// wrote it and a verified-buyer mark, above the kit's counts; below the threshold, the counts alone.

const contents = {
  worksheets: 178,
  activities: 125,
  pages: [{ id: "l1-letters", title: "Letters", src: "/printables/files/preview/l1-letters.svg?locale=en" }],
};
const answers = { kidName: "Emma", age: 5, goals: [], topics: [] };

const approved: ShownReview[] = [
  {
    id: "a",
    rating: 5,
    text: "Emma asks for the mazes every day.",
    firstName: "Sara",
    childAge: 5,
    approvedAt: new Date(3),
  },
  { id: "b", rating: 2, text: "Too easy for our son, sadly.", firstName: "Tom", childAge: 6, approvedAt: new Date(2) },
  {
    id: "c",
    rating: 4,
    text: "Good, short activities for busy evenings.",
    firstName: "Ana",
    childAge: null,
    approvedAt: new Date(1),
  },
];

function renderStep(rows: ShownReview[]) {
  return renderPage(
    <StepContent
      id="real-reviews"
      answers={answers}
      email=""
      preview={null}
      contents={contents}
      reviews={reviewsToShow(rows)}
    />,
    { url: "/purchase/", path: "/purchase/" },
  );
}

describe("the reviews step", () => {
  afterEach(cleanup);

  it("shows three approved reviews as written, any rating, above the kit's counts", async () => {
    await renderStep(approved);
    const section = screen.getByRole("region", { name: "What parents say" });
    const items = within(section).getAllByRole("listitem");
    expect(items).toHaveLength(3);
    expect(items.map((item) => within(item).getByRole("img").getAttribute("aria-label"))).toEqual([
      "Rated 5 of 5",
      "Rated 2 of 5",
      "Rated 4 of 5",
    ]);
    expect(items[1]?.textContent).toContain("Too easy for our son, sadly.");
    expect(items[1]?.textContent).toContain("Tom, parent of a 6-year-old");
    expect(items[2]?.textContent).toContain("Ana, parent");
    for (const item of items) expect(item?.textContent).toContain("Verified buyer");
    // The counts follow the reviews.
    const counts = screen.getByText("178 worksheets to print");
    expect(section.compareDocumentPosition(counts) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("shows only what the kit holds while the language has fewer than three", async () => {
    await renderStep(approved.slice(0, 2));
    expect(screen.queryByRole("region", { name: "What parents say" })).toBeNull();
    expect(screen.queryByText("Verified buyer")).toBeNull();
    expect(screen.getByText("178 worksheets to print")).toBeTruthy();
    expect(screen.getByText("125 step-by-step activity cards")).toBeTruthy();
  });
});
