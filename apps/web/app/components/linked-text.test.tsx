// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { LinkedText } from "./linked-text.tsx";

// The legal texts' addresses, in an Arabic paragraph as the money-back policy has them.
const paragraph =
  "إذا اشتريت عبر متجر التطبيقات، فاطلب الاسترداد من https://reportaproblem.apple.com/. للمساعدة راسلنا على support@kinderready.app.";

describe("LinkedText", () => {
  afterEach(cleanup);

  it("links web and email addresses, each isolated left to right inside a right-to-left paragraph", () => {
    render(
      <p dir="rtl">
        <LinkedText text={paragraph} />
      </p>,
    );
    const web = screen.getByRole("link", { name: "https://reportaproblem.apple.com/" });
    expect(web.getAttribute("href")).toBe("https://reportaproblem.apple.com/");
    expect(web.getAttribute("dir")).toBe("ltr");
    // By its address: happy-dom counts each <wbr> as a space in a name (a browser does not).
    const email = screen.getByRole("link", { name: /^support@/ });
    expect(email.textContent).toBe("support@kinderready.app");
    expect(email.getAttribute("href")).toBe("mailto:support@kinderready.app");
    expect(email.getAttribute("dir")).toBe("ltr");
    // The sentence's own full stop stays outside the links.
    expect(screen.getByRole("paragraph").textContent).toBe(paragraph);
  });

  it("lets a long email address wrap after its @ and dots rather than mid-name", () => {
    render(<LinkedText text="Write to parents.support@kinderready.app" />);
    const email = screen.getByRole("link");
    expect(email.innerHTML).toContain(">parents.<wbr>support@<wbr>kinderready.<wbr>app<");
  });
});
