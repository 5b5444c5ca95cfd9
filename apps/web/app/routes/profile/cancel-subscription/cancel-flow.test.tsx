// @vitest-environment happy-dom

import type { ProfileView, SubscriptionInfo } from "@kinderready/domain/profile/profile-schema";
import english from "@kinderready/i18n/catalogues/en.json" with { type: "json" };
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Post, renderPage, silenceNetwork } from "../../../../test/render-page.tsx";
import type { ProfileActionResult } from "../profile-route.server.ts";
import { CancelFlow } from "./cancel-flow.tsx";

const subscription: SubscriptionInfo = {
  status: "active",
  expired_at: "2030-02-01T00:00:00.000Z",
  cancelled_at: null,
  trial_ends_at: null,
  renewal: { amount: 1999, currency: "USD", periodDays: 30 },
  cancelReason: null,
  ends_on: null,
  pause: null,
  canRestore: false,
  canRenew: false,
  canPayWithAnotherCard: false,
  canCancel: true,
};
const profile: ProfileView = {
  email: "parent@example.com",
  childName: "Noa",
  childAge: 5,
  locale: "en",
  subscription,
  purchases: [],
  addOns: { packs: false, lifetime: false },
  consent: { mailing: false, adSharingOptOut: false },
  canDeleteData: true,
};
const session = "0b6f2d8e-4a51-4f8e-9d3c-2c8a7b1e5f00";

/** The flow under a stub route whose action answers each post (as fields) with `answer`. */
async function renderFlow(answer: (post: Post) => ProfileActionResult) {
  const url = "/profile/cancel-subscription/";
  const { posts } = await renderPage(<CancelFlow profile={profile} locale="en" />, { url, path: url, answer });
  return posts;
}

const heading = () => screen.getByRole("heading", { level: 1 });

describe("CancelFlow", () => {
  beforeEach(silenceNetwork);
  afterEach(cleanup);

  it("walks confirmation, reason, the reason's offer and Cancel anyway, each step's heading taking focus", async () => {
    const user = userEvent.setup();
    const posts = await renderFlow((post) =>
      post.intent === "cancel-reason"
        ? { intent: "cancel-reason", ok: true, session, save: { offer: "help" }, withdrawalConsent: false }
        : { intent: "cancel", ok: true, subscription: { ...subscription, status: "cancelled" } },
    );
    expect(heading().textContent).toBe("Are you sure you want to cancel?");
    expect(document.activeElement).not.toBe(heading());

    await user.click(screen.getByRole("link", { name: "Yes, cancel" }));
    expect(heading().textContent).toBe("Why are you cancelling?");
    expect(document.activeElement).toBe(heading());
    const comment = screen.getByRole("textbox", { name: "Tell us more (optional)" }) as HTMLTextAreaElement;
    expect(comment.disabled).toBe(true);

    await user.click(screen.getByRole("button", { name: "Cancel subscription" }));
    expect(screen.getByRole("alert").textContent).toBe("Please choose a reason to continue");
    expect(posts).toEqual([]);

    await user.click(screen.getByRole("radio", { name: "Other" }));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(comment.disabled).toBe(false);
    await user.type(comment, "Moving abroad");
    await user.click(screen.getByRole("button", { name: "Cancel subscription" }));
    await waitFor(() => expect(heading().textContent).toBe("Let's fix it now"));
    expect(document.activeElement).toBe(heading());
    expect(posts).toEqual([{ intent: "cancel-reason", reason: "other", comment: "Moving abroad" }]);

    await user.click(screen.getByRole("button", { name: "Cancel anyway" }));
    await waitFor(() => expect(heading().textContent).toBe("Your subscription is cancelled"));
    expect(document.activeElement).toBe(heading());
    expect(screen.getByRole("status").textContent).toContain("Your printables stay open until");
    expect(posts[1]).toEqual({ intent: "cancel", session });
  });

  it("keeps the reason step and says what the server refused", async () => {
    const user = userEvent.setup();
    await renderFlow(() => ({ intent: "cancel-reason", ok: false, errorKey: "profile.errors.nothingToCancel" }));
    await user.click(screen.getByRole("link", { name: "Yes, cancel" }));
    await user.click(screen.getByRole("radio", { name: "High price" }));
    await user.click(screen.getByRole("button", { name: "Cancel subscription" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(english.profile.errors.nothingToCancel));
    expect(heading().textContent).toBe("Why are you cancelling?");
    expect((screen.getByRole("radio", { name: "High price" }) as HTMLInputElement).checked).toBe(true);
  });
});
