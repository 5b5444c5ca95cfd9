// @vitest-environment happy-dom
import type { PricePlan } from "@kinderready/domain/pricing/price-config-schema";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Post, renderPage, silenceNetwork } from "../../../test/render-page.tsx";
import { useOnboardingStore } from "../../stores/onboarding-store.ts";
import { useUpsellStore } from "../../stores/upsell-store.ts";
import type { UpsellOfferData } from "./upsell-offer.tsx";
import { UpsellPopup } from "./upsell-popup.tsx";

const token = "paid-parent-0123456789abcdef";

const plan = (product: PricePlan["product"], price: number): PricePlan => ({
  price,
  oldPrice: undefined,
  discount: undefined,
  currency: "$",
  currency_code: "USD",
  product_name: `${product}-test`,
  product,
});

const offer: UpsellOfferData = {
  kidName: "Noa",
  owned: [],
  stage: "initial",
  plans: { initial: plan("upsale", 14.99), catchy: plan("upsale", 4.99), lifetime: plan("lifetime", 49.99) },
  oneClick: true,
  withdrawalConsent: false,
};

/** The printables page's popup as the server rendered it for a paid parent: open, on the first offer. */
function renderPopup(answer: (post: Post) => unknown, shown: UpsellOfferData = offer) {
  return renderPage(
    <UpsellPopup offer={shown} locale="en" returning={undefined} arrival={{ isOpen: true, formKey: "initial" }} />,
    { url: `/printables/?token=${token}`, path: "/printables/", answer },
  );
}

/** What the printables page's action answers: the decisions' new stage, and an approved charge. */
function printablesAction(post: Post) {
  if (post.intent === "upsell-decision") {
    return { intent: "upsell-decision", stage: post.decision === "declined" ? "discount" : "ended" };
  }
  if (post.intent === "upsell") return { intent: "upsell", orderId: "upsell-order-1" };
  if (post.intent === "upsell-status") return { intent: "upsell-status", status: "approved", errorCode: null };
  if (post.intent === "trigger-upsell") return { intent: "trigger-upsell", recorded: true };
  return null;
}

const popup = () => document.querySelector("dialog.upsell-popup") as HTMLDialogElement;

describe("UpsellPopup", () => {
  beforeEach(() => {
    silenceNetwork();
    useUpsellStore.setState(useUpsellStore.getInitialState(), true);
    useOnboardingStore.setState(useOnboardingStore.getInitialState(), true);
  });
  afterEach(cleanup);

  it("offers the packs by the child's name, and one click buys them", async () => {
    const user = userEvent.setup();
    const { posts } = await renderPopup(printablesAction);
    const dialog = screen.getByRole("dialog", { name: "Add more to Noa's kit" });
    expect(dialog.textContent).toContain("Alphabet Adventures");
    expect(within(dialog).getByRole("button", { name: "Buy lifetime access for $49.99" })).toBeTruthy();

    await user.click(within(dialog).getByRole("button", { name: "Buy all 3 packs for $14.99" }));
    await waitFor(() =>
      expect(within(dialog).getByRole("status").textContent).toBe(
        "Done! The 3 add-on packs are now in your printables.",
      ),
    );
    expect(posts).toContainEqual({ intent: "upsell", recurring_type: "upsale", variant: "initial" });
    expect(useUpsellStore.getState()).toMatchObject({ succeeded: ["upsale"], canOpen: false });
  });

  it("sends a device that has not proved it is the parent's to the gateway's page, and offers to sign in", async () => {
    const user = userEvent.setup();
    const { posts } = await renderPopup(
      (post) =>
        post.intent === "upsell-checkout"
          ? { intent: "upsell-checkout", redirectUrl: "/gateway-simulator/pay/x" }
          : null,
      { ...offer, oneClick: false },
    );
    const dialog = screen.getByRole("dialog", { name: "Add more to Noa's kit" });
    // Without scripts the buttons' forms name the gateway's page too.
    const buyForms = [...dialog.querySelectorAll("form")].filter((form) => form.querySelector("[name=recurring_type]"));
    expect(buyForms).toHaveLength(2);
    for (const form of buyForms) {
      expect(form.querySelector<HTMLInputElement>("input[name=intent]")?.value).toBe("upsell-checkout");
    }
    expect(dialog.textContent).toContain("You'll enter your card on our payment provider's secure page.");
    expect(within(dialog).getByRole("link", { name: "Sign in to buy with one click" }).getAttribute("href")).toBe(
      "/profile/",
    );
    await user.click(within(dialog).getByRole("button", { name: "Buy all 3 packs for $14.99" }));
    await waitFor(() =>
      expect(posts).toContainEqual({ intent: "upsell-checkout", recurring_type: "upsale", variant: "initial" }),
    );
    expect(posts.some((post) => post.intent === "upsell")).toBe(false);
  });

  it("where the right of withdrawal applies, buys only with access at once asked for, and sends that consent", async () => {
    const user = userEvent.setup();
    const { posts } = await renderPopup(printablesAction, { ...offer, withdrawalConsent: true });
    const dialog = screen.getByRole("dialog", { name: "Add more to Noa's kit" });
    const boxes = within(dialog).getAllByRole("checkbox", { name: /Start my access straight away/ });
    // One box in each purchase's own form, so each works as a plain form too.
    expect(boxes).toHaveLength(2);
    for (const box of boxes) expect((box as HTMLInputElement).required).toBe(true);
    const packs = within(dialog).getByRole("button", { name: "Buy all 3 packs for $14.99" });
    await user.click(packs);
    expect(posts.some((post) => post.intent === "upsell")).toBe(false);
    await user.click(within(packs.closest("form") as HTMLElement).getByRole("checkbox"));
    await user.click(packs);
    await waitFor(() =>
      expect(posts).toContainEqual({
        intent: "upsell",
        recurring_type: "upsale",
        variant: "initial",
        immediate_access: "on",
      }),
    );
  });

  it("pictures each pack beside its name, from the kit's library: decorative, sized and lazy", async () => {
    await renderPopup(printablesAction);
    const packs = [...popup().querySelectorAll(".upsell__packs li")].map((pack) => {
      const image = pack.querySelector("img");
      return {
        name: pack.querySelector("strong")?.textContent,
        picture: image && {
          src: image.getAttribute("src"),
          alt: image.getAttribute("alt"),
          size: [image.getAttribute("width"), image.getAttribute("height")],
          lazy: image.getAttribute("loading"),
        },
      };
    });
    const picture = (id: string) => ({
      src: `/printables/files/picture/${id}.svg`,
      alt: "",
      size: ["40", "40"],
      lazy: "lazy",
    });
    expect(packs).toEqual([
      { name: "Alphabet Adventures", picture: picture("blue-book") },
      { name: "Numbers & Logic", picture: picture("dice") },
      { name: "Calm & Confident", picture: picture("yoga") },
    ]);
  });

  it("once the discount is bought, shows only the success and the way on: no pitch, no offers", async () => {
    const user = userEvent.setup();
    const { posts } = await renderPopup(printablesAction);
    await user.click(screen.getByRole("button", { name: "No, thanks" }));
    const discount = await screen.findByRole("dialog", { name: "Wait: all 3 packs for $4.99" }, { timeout: 3000 });
    await user.click(within(discount).getByRole("button", { name: "Buy all 3 packs for $4.99" }));

    const done = await screen.findByRole("dialog", { name: "Thank you!" });
    expect(within(done).getByRole("status").textContent).toBe("Done! The 3 add-on packs are now in your printables.");
    expect(done.textContent).toContain(
      "Find them under “Your add-on packs” on this page, ready to download and print.",
    );
    // The pitch and the offers are over: nothing to buy, nothing about prices going back up.
    expect(done.textContent).not.toContain("If you close it");
    expect(done.textContent).not.toContain("$4.99");
    expect(within(done).queryByRole("button", { name: /Buy all 3 packs|lifetime|No, thanks/ })).toBeNull();
    expect(document.activeElement).toBe(within(done).getByRole("heading", { name: "Thank you!" }));
    expect(posts).toContainEqual({ intent: "trigger-upsell" });

    await user.click(within(done).getByRole("button", { name: "See my printables" }));
    expect(popup().open).toBe(false);
    expect(useUpsellStore.getState()).toMatchObject({ isOpen: false, canOpen: false, succeeded: ["upsale"] });
  });

  it("turns No, thanks into the discount, and closing the discount ends the offer", async () => {
    const user = userEvent.setup();
    document.title = "Your printables | KinderReady";
    const { posts } = await renderPopup(printablesAction);
    // The open popup names the tab for itself; closed, the page's own title is back.
    expect(document.title).toBe("Add more to your kit | KinderReady");
    await user.click(screen.getByRole("button", { name: "No, thanks" }));
    expect(posts).toContainEqual({ intent: "upsell-decision", decision: "declined" });

    const discount = await screen.findByRole("dialog", { name: "Wait: all 3 packs for $4.99" }, { timeout: 3000 });
    expect(popup().open).toBe(true);
    expect(within(discount).queryByText("Lifetime access")).toBeNull();
    expect(within(discount).getByRole("button", { name: "Buy all 3 packs for $4.99" })).toBeTruthy();

    await user.click(within(discount).getAllByRole("button", { name: "Close" })[1] as HTMLElement);
    expect(popup().open).toBe(false);
    await waitFor(() => expect(posts).toContainEqual({ intent: "upsell-decision", decision: "discount-closed" }));
    expect(useUpsellStore.getState()).toMatchObject({ isOpen: false, canOpen: false });
    expect(document.title).toBe("Your printables | KinderReady");
  });
});
