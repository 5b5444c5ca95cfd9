// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderPage } from "../../test/render-page.tsx";
import { MonthBooks } from "../routes/printables/kit-month-books.tsx";
import { DateTextsProvider, writeDates } from "./date-texts.tsx";

// The kit page names days (the next month's book, the end of a pause) as the server wrote them:
// the browser needs no date formatter while it hydrates, and cannot write one differently.

const opens = "2027-01-08T09:30:00.000Z";

describe("the days a page names", () => {
  afterEach(cleanup);

  it("are written by the server in the page's language, once each", () => {
    expect(writeDates("ru", [opens, null, undefined, opens])).toEqual({ [opens]: "8 января 2027 г." });
  });

  it("show on the kit page as the server wrote them", async () => {
    // A text no formatter would write: the page can only have it from the server.
    await renderPage(
      <DateTextsProvider texts={{ [opens]: "am 8. Januar (vom Server)" }}>
        <MonthBooks months={[]} next={{ number: 2, title: "Winter", opens_on: opens }} locale="de" />
      </DateTextsProvider>,
      { url: "/de/printables/", path: "/de/printables/" },
    );
    expect(screen.getByText(/am 8\. Januar \(vom Server\)/)).toBeTruthy();
  });
});
