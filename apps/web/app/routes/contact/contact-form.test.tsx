// @vitest-environment happy-dom
import english from "@kinderready/i18n/catalogues/en.json" with { type: "json" };
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Post, renderPage, silenceNetwork } from "../../../test/render-page.tsx";
import { ContactForm } from "./contact-form.tsx";
import type { ContactActionResult } from "./contact-route.server.ts";

/** The form under a stub route whose action answers each post (as fields) with `answer`. */
async function renderContact(answer: (post: Post) => ContactActionResult) {
  const { posts } = await renderPage(<ContactForm initialEmail="parent@example.com" />, {
    url: "/contact/",
    path: "/contact/",
    answer,
  });
  return posts;
}

const field = (name: string) => screen.getByRole("textbox", { name }) as HTMLInputElement;

describe("ContactForm", () => {
  beforeEach(silenceNetwork);
  afterEach(cleanup);

  it("checks the fields before posting, sends, and starts another message with the name and email kept", async () => {
    const user = userEvent.setup();
    const posts = await renderContact((post) => ({ ok: true, email: post.email as string }));
    expect(field("Email").value).toBe("parent@example.com");

    await user.click(screen.getByRole("button", { name: "Send message" }));
    expect(screen.getAllByRole("alert").length).toBeGreaterThan(0);
    expect(posts).toEqual([]);

    await user.type(field("Name"), "Ana");
    await user.type(field("Message"), "The worksheets do not print.");
    await user.click(screen.getByRole("button", { name: "Send message" }));
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toContain("We will reply to parent@example.com"),
    );
    expect(posts).toEqual([{ name: "Ana", email: "parent@example.com", message: "The worksheets do not print." }]);

    await user.click(screen.getByRole("button", { name: "Write another message" }));
    expect(field("Name").value).toBe("Ana");
    expect(field("Email").value).toBe("parent@example.com");
    expect(field("Message").value).toBe("");
  });

  it("shows the server's refusal of a field, and a failure of its own beside the form", async () => {
    const user = userEvent.setup();
    await renderContact((post) => ({
      ok: false,
      fields: { email: true },
      errorKey: "errors.generic",
      values: post as never,
    }));
    await user.type(field("Name"), "Ana");
    await user.type(field("Message"), "Hello there, a question.");
    await user.click(screen.getByRole("button", { name: "Send message" }));
    await waitFor(() => expect(field("Email").getAttribute("aria-invalid")).toBe("true"));
    const alerts = screen.getAllByRole("alert").map((alert) => alert.textContent);
    expect(alerts).toContain(english.errors.generic);
    expect(screen.getByRole("button", { name: "Send message" })).toBeTruthy();
  });
});
