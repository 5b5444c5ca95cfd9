// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { type Post, renderPage } from "../../../test/render-page.tsx";
import { ReviewCard } from "./review-card.tsx";

// The printables page's review card: a rating as five radios named "1 of 5" … "5 of 5" (arrow
// keys move through them), the text and first name posted as the page's "review" intent, the
// thanks once stored, the field the server faulted, and a review written before shown back.

const pending = {
  rating: 4,
  text: "She loves the tracing pages and the stickers.",
  firstName: "Mia",
  status: "pending",
};

function renderCard(invitation: Parameters<typeof ReviewCard>[0]["invitation"], answer: (post: Post) => unknown) {
  return renderPage(<ReviewCard invitation={invitation} />, { url: "/printables/", path: "/printables/", answer });
}

describe("the review card", () => {
  afterEach(cleanup);

  it("asks with a named, keyboard-friendly rating and posts the review", async () => {
    const user = userEvent.setup();
    const { posts } = await renderCard({ ask: true, review: null }, (post) => ({
      intent: "review",
      review: { rating: post.rating, text: post.text, firstName: post.firstName, status: "pending" },
    }));
    expect(screen.getByRole("heading", { name: "How is the kit going?" })).toBeTruthy();
    expect(screen.getAllByRole("radio")).toHaveLength(5);
    await user.click(screen.getByRole("radio", { name: "3 of 5" }));
    await user.keyboard("{ArrowRight}");
    expect((screen.getByRole("radio", { name: "4 of 5" }) as HTMLInputElement).checked).toBe(true);
    await user.type(screen.getByRole("textbox", { name: "Your review" }), pending.text);
    await user.type(screen.getByRole("textbox", { name: "Your first name" }), "Mia");
    expect(screen.getByText(/after a check/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Send my review" }));
    await waitFor(() => expect(screen.getByText("Thank you, your review is with us")).toBeTruthy());
    expect(posts).toEqual([{ intent: "review", rating: 4, text: pending.text, firstName: "Mia" }]);
    expect(screen.getByRole("img", { name: "Rated 4 of 5" })).toBeTruthy();
  });

  it("is a plain form the page's action reads before the scripts run", async () => {
    await renderCard({ ask: true, review: null }, () => null);
    const form = screen.getByRole("textbox", { name: "Your review" }).closest("form");
    expect(form?.getAttribute("method")).toBe("post");
    expect(form?.hasAttribute("action")).toBe(false);
    const fields = [...(form?.querySelectorAll("[name]") ?? [])].map((field) => field.getAttribute("name"));
    expect(new Set(fields)).toEqual(new Set(["intent", "rating", "text", "firstName"]));
    expect(form?.querySelector<HTMLInputElement>("input[name=intent]")?.value).toBe("review");
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Send my review" }).disabled).toBe(false);
  });

  it("marks the field the server refused", async () => {
    const user = userEvent.setup();
    await renderCard({ ask: true, review: null }, () => ({
      intent: "review",
      error: { field: "firstName", messageKey: "reviews.errors.firstName" },
    }));
    await user.click(screen.getByRole("radio", { name: "5 of 5" }));
    await user.type(screen.getByRole("textbox", { name: "Your review" }), pending.text);
    await user.type(screen.getByRole("textbox", { name: "Your first name" }), "M1a");
    await user.click(screen.getByRole("button", { name: "Send my review" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Please enter your first name: letters only, up to 40.");
    expect(screen.getByRole("textbox", { name: "Your first name" }).getAttribute("aria-invalid")).toBe("true");
  });

  it("shows a review written before, where it stands, and lets the parent write it again", async () => {
    const user = userEvent.setup();
    await renderCard({ ask: false, review: { ...pending, status: "rejected" } }, () => null);
    expect(screen.getByText("Thank you, your review is with us")).toBeTruthy();
    expect(screen.getByText("We didn't publish this review. You're welcome to write a new one.")).toBeTruthy();
    const again = screen.getByRole("link", { name: "Write it again" });
    // Without scripts the link opens the page with the form, over the review written before.
    expect(again.getAttribute("href")).toBe("/printables/?review=write#review");
    await user.click(again);
    expect((screen.getByRole("textbox", { name: "Your review" }) as HTMLTextAreaElement).value).toBe(pending.text);
  });

  it("opens on the form when the address asks to write the review again", async () => {
    await renderPage(<ReviewCard invitation={{ ask: false, review: { ...pending, status: "pending" } }} />, {
      url: "/printables/?review=write",
      path: "/printables/",
      answer: () => null,
    });
    expect((screen.getByRole("textbox", { name: "Your review" }) as HTMLTextAreaElement).value).toBe(pending.text);
  });

  it("is not there for a parent it should not ask", async () => {
    await renderCard({ ask: false, review: null }, () => null);
    expect(screen.queryByRole("heading", { name: "How is the kit going?" })).toBeNull();
  });
});
