// @vitest-environment happy-dom
import type { ProfileView } from "@kinderready/domain/profile/profile-schema";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { renderPage, silenceNetwork } from "../../../test/render-page.tsx";
import { ProfileOverview } from "./profile-overview.tsx";

const profile: ProfileView = {
  email: "a.rather.long.parent.name@family-mail.example",
  childName: "Noa",
  childAge: 5,
  locale: "en",
  subscription: null,
  purchases: [],
  addOns: { packs: false, lifetime: false },
  consent: { mailing: false, adSharingOptOut: false },
  canDeleteData: true,
};

function renderProfile(gpc = false, url = "/profile/") {
  return renderPage(
    <ProfileOverview profile={profile} gpc={gpc} locale="en" deleteError={undefined} othersSignedOut={false} />,
    {
      url,
      path: "/profile/",
    },
  );
}

describe("ProfileOverview", () => {
  beforeEach(silenceNetwork);
  afterEach(cleanup);

  it("makes each privacy choice one row to tap: the hint toggles the box too, named by its choice alone", async () => {
    const user = userEvent.setup();
    await renderProfile();
    const mailing = screen.getByRole("checkbox", { name: "Send me tips, new printables and offers by email" });
    const hint = screen.getByText("Emails about your account, payments and receipts are always sent.");
    expect(mailing.getAttribute("aria-describedby")).toBe(hint.id);
    expect(mailing.closest("label")?.contains(hint)).toBe(true);
    await user.click(hint);
    expect(mailing).toHaveProperty("checked", true);

    const adSharing = screen.getByRole("checkbox", { name: "Do not sell or share my personal information" });
    await user.click(screen.getByText("When this is on, we do not share your activity with advertising platforms."));
    expect(adSharing).toHaveProperty("checked", true);
  });

  it("shows the parent's email address wrapping after its @ and dots", async () => {
    await renderProfile();
    expect(screen.getByText(profile.email as string).innerHTML).toBe(
      "a.<wbr>rather.<wbr>long.<wbr>parent.<wbr>name@<wbr>family-mail.<wbr>example",
    );
  });

  it("opens the delete confirmation from its address, as the button's plain GET form asks without scripts", async () => {
    await renderProfile(false, "/profile/?confirm-delete=1");
    expect(screen.getByRole("heading", { name: "Delete your data for good?" })).toBeDefined();
    const keep = screen.getByRole("button", { name: "No, keep my data" });
    expect(keep.getAttribute("form")).toBe("delete-keep");
    expect(document.getElementById("delete-keep")?.getAttribute("method")).toBe("get");
  });

  it("asks for the confirmation with a GET form to its address, so the button works before scripts", async () => {
    await renderProfile();
    const button = screen.getByRole("button", { name: "Delete my data" });
    const form = button.closest("form");
    expect(form?.getAttribute("method")).toBe("get");
    expect(form?.querySelector("input[type=hidden]")?.getAttribute("name")).toBe("confirm-delete");
    expect(screen.queryByRole("heading", { name: "Delete your data for good?" })).toBeNull();
  });
});
