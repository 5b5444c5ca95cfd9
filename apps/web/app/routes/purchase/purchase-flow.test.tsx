// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testLifetimePlan as lifetimePlan, testOfferPlan } from "../../../test/offer-plan.ts";
import { type Post, renderPage, silenceNetwork } from "../../../test/render-page.tsx";
import { useAnalyticsStore } from "../../stores/analytics-store.ts";
import { useOnboardingStore } from "../../stores/onboarding-store.ts";
import { usePurchaseStore } from "../../stores/purchase-store.ts";
import { PurchaseFlow } from "./purchase-flow.tsx";

const token = "parent-token-0123456789abcdef";
const otherToken = "other-parent-0123456789abcdef";

const plan = testOfferPlan;

const kitPreview = {
  childName: "Emma",
  age: 5,
  topics: ["listening"],
  pages: [
    { id: "trial-trace-name-big", title: "My name", src: "/printables/files/preview/trial-trace-name-big.svg?sig=a" },
    { id: "trial-maze-4-s1", title: "Maze", src: "/printables/files/preview/trial-maze-4-s1.svg?sig=b" },
  ],
};

const kitContents = {
  worksheets: 178,
  activities: 125,
  pages: [{ id: "l1-letters", title: "Letters", src: "/printables/files/preview/l1-letters.svg?locale=en" }],
};

/** The purchase page as its loader hands it over, for a parent the server knows by `token`. */
function renderPurchase(url: string, answer?: (post: Post) => unknown, expired = false, withdrawalConsent = false) {
  return renderPage(
    <PurchaseFlow
      flowType="main"
      locale="en"
      plans={{ initial: plan(1.99), expired: plan(2.99) }}
      offerTimerTimeout={600}
      offerSecondsLeft={null}
      payment={null}
      email="parent@example.com"
      subscriptionExpired={expired}
      withdrawalConsent={withdrawalConsent}
      lifetimePlan={expired ? lifetimePlan : null}
      parentReviews={[]}
      refusedToken={null}
      splits={{}}
      kitPreview={kitPreview}
      kitContents={kitContents}
    />,
    { url, path: "/purchase/", answer },
  );
}

const heading = () => screen.getByRole("heading", { level: 1 });
const step = (container: HTMLElement) => container.querySelector(".purchase-flow")?.getAttribute("data-step");

describe("PurchaseFlow", () => {
  beforeEach(() => {
    silenceNetwork();
    useAnalyticsStore.setState(useAnalyticsStore.getInitialState(), true);
    usePurchaseStore.setState(usePurchaseStore.getInitialState(), true);
    useOnboardingStore.setState(useOnboardingStore.getInitialState(), true);
  });
  afterEach(cleanup);

  it("walks a parent page by page to the offer, the heading focused at each move and Back going one page back", async () => {
    const user = userEvent.setup();
    useOnboardingStore.setState({ kid: { name: "Emma", years: { text: "5 years", value: 5 } } });
    const { container } = await renderPurchase(`/purchase/?token=${token}`);

    expect(heading()).toHaveProperty("textContent", "Emma is at the perfect age to learn through play");
    expect(screen.queryByRole("button", { name: /Back/ })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(heading()).toHaveProperty("textContent", "The skills Emma will grow");
    expect(document.activeElement).toBe(heading());

    await user.click(screen.getByRole("button", { name: /Back/ }));
    expect(step(container)).toBe("time-to-learn");
    expect(document.activeElement).toBe(heading());

    for (const button of ["Continue", "Continue", "Continue", "Continue", "Get my kit", "Get my kit"]) {
      await user.click(screen.getByRole("button", { name: button }));
    }
    expect(step(container)).toBe("subscription-offer");
    expect(heading()).toHaveProperty("textContent", "Emma's kindergarten-readiness kit");
    expect(screen.getByRole("button", { name: "Start my 3-day trial" })).toBeTruthy();
    expect(container.textContent).toContain("$1.99");
    // The refund promise and the ways to pay, named for screen readers; the way to pay in reach.
    expect(screen.getByRole("img", { name: "Money back within 30 days" })).toBeTruthy();
    const methods = screen.getByRole("list", { name: "Ways to pay" });
    expect(
      within(methods)
        .getAllByRole("img")
        .map((mark) => mark.getAttribute("aria-label")),
    ).toEqual(["Visa", "Mastercard", "PayPal"]);
    const sticky = screen.getByRole("link", { name: "Get my kit" });
    expect(sticky.getAttribute("href")).toBe("#offer-form");
    // The countdown rides along with the bar, as the timer above counts it.
    expect(sticky.closest(".offer__sticky")?.textContent).toMatch(/Discount ends in \d\d:\d\d/);
    // The step is the parent's, saved for a refresh.
    expect(usePurchaseStore.getState()).toEqual({ step: 6, stepUserId: token });
  });

  it("resumes a parent's saved step, and starts another parent on the device at the first page", async () => {
    usePurchaseStore.setState({ step: 3, stepUserId: token });
    const first = await renderPurchase(`/purchase/?token=${token}`);
    expect(step(first.container)).toBe("colorful-worksheets");
    // The child's own pages, named for the child in words too.
    const pages = screen.getAllByRole("img");
    expect(pages.map((page) => page.getAttribute("alt"))).toEqual([
      "“My name”, a page made for Emma",
      "“Maze”, a page made for Emma",
    ]);
    expect(pages[0]?.getAttribute("src")).toBe(kitPreview.pages[0]?.src);
    expect(screen.getByText("Emma's first pages, ready to print")).toBeTruthy();
    first.unmount();

    // Where a shop shows reviews: what the kit holds, counted, and none of it written for effect.
    usePurchaseStore.setState({ step: 4, stepUserId: token });
    const inside = await renderPurchase(`/purchase/?token=${token}`);
    expect(step(inside.container)).toBe("real-reviews");
    expect(heading().textContent).toBe("What's inside the kit");
    expect(inside.container.textContent).toContain("178 worksheets to print");
    expect(inside.container.textContent).toContain("125 step-by-step activity cards");
    expect(screen.getByRole("img", { name: "“Letters”, a page of the kit" })).toBeTruthy();
    expect(inside.container.querySelector("blockquote")).toBeNull();
    inside.unmount();

    const second = await renderPurchase(`/purchase/?token=${otherToken}`);
    expect(step(second.container)).toBe("time-to-learn");
  });

  it("speaks of the child the server knows when this device never saw the quiz", async () => {
    usePurchaseStore.setState({ step: 2, stepUserId: token });
    const { container } = await renderPurchase(`/purchase/?token=${token}`);
    expect(step(container)).toBe("personalized-growing-plan");
    expect(heading().textContent).toBe("Emma's plan is built around your answers");
    expect(container.textContent).toContain("Difficulty matched to age 5");
    expect(container.textContent).toContain("Listening the first time");
  });

  it("opens the offer for an offer link until the parent moves back from it", async () => {
    const user = userEvent.setup();
    document.title = "The page's own title";
    const { container } = await renderPurchase(`/purchase/?token=${token}&offer=1`);
    expect(step(container)).toBe("subscription-offer");
    // The offer has a tab title of its own, not the quiz's or the plan's.
    expect(document.title).toBe("Your kindergarten-readiness kit: choose your plan | KinderReady");

    await user.click(screen.getByRole("button", { name: /Back/ }));
    expect(step(container)).toBe("email");
    expect(document.title).toBe("The page's own title");
    // A long address wraps after its @ and dots, never mid-name.
    expect(screen.getByText("parent@example.com").innerHTML).toBe("parent@<wbr>example.<wbr>com");
  });

  it("puts the token this device saved into an address without one, and adopts an address's token", async () => {
    useAnalyticsStore.setState({ userId: token });
    const saved = await renderPurchase("/purchase/?offer=1");
    await waitFor(() => expect(saved.location()).toBe(`/purchase/?offer=1&token=${token}`));
    saved.unmount();

    await renderPurchase(`/purchase/?token=${otherToken}`);
    await waitFor(() => expect(useAnalyticsStore.getState().userId).toBe(otherToken));
  });

  it("shows a declined payment's reason, and Try again closes it onto the offer without order_id", async () => {
    const user = userEvent.setup();
    const { location, posts } = await renderPurchase(`/purchase/?token=${token}&order_id=order-1`, (post) =>
      post.intent === "order-status" ? { intent: "order-status", status: "declined", errorCode: "3.02" } : null,
    );

    const dialog = await screen.findByRole("dialog", { name: "Insufficient funds" });
    expect(dialog.textContent).toContain("There are not enough funds on the card.");
    expect(posts).toContainEqual({ intent: "order-status", order_id: "order-1" });

    await user.click(within(dialog).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // What shows and the address agree: the failure is gone with its order_id.
    expect(location()).toBe(`/purchase/?token=${token}`);
    expect(document.activeElement).toBe(heading());
    // Still the offer once the address has no order_id left to open it, named by the server's name
    // for the child (this device never saw the quiz).
    expect(heading().textContent).toBe("Emma's kindergarten-readiness kit");
    expect(screen.getByRole("button", { name: "Start my 3-day trial" })).toBeTruthy();
    // The parent agreed to the terms to pay at all: trying again does not ask them to tick it anew.
    expect(screen.getByRole("checkbox")).toHaveProperty("checked", true);
  });

  it("shows an approved payment's success with the way to the printables", async () => {
    const { container } = await renderPurchase(`/purchase/?token=${token}&order_id=order-2`, (post) =>
      post.intent === "order-status" ? { intent: "order-status", status: "approved", errorCode: null } : null,
    );

    const dialog = await screen.findByRole("dialog", { name: "Payment successful!" });
    expect(document.title).toBe("Your payment | KinderReady");
    const link = within(dialog).getByRole("link", { name: "Go to my printables" });
    expect(link.getAttribute("href")).toBe(`/printables/?token=${token}`);
    expect(step(container)).toBe("subscription-offer");
  });

  it("tells a parent who paid twice that the second payment was refunded, and leads to the printables", async () => {
    await renderPurchase(`/purchase/?token=${token}&order_id=order-3`, (post) =>
      post.intent === "order-status" ? { intent: "order-status", status: "duplicate", errorCode: null } : null,
    );
    const dialog = await screen.findByRole("dialog", { name: "You already have a subscription" });
    expect(dialog.textContent).toContain("refunded it in full");
    expect(within(dialog).getByRole("link", { name: "Go to my printables" })).toBeTruthy();
  });

  it("tells a parent whose intro price was paid too late that it was refunded, and leads back to the offer", async () => {
    const user = userEvent.setup();
    const { container } = await renderPurchase(`/purchase/?token=${token}&order_id=order-4`, (post) =>
      post.intent === "order-status" ? { intent: "order-status", status: "offer_ended", errorCode: null } : null,
    );
    const dialog = await screen.findByRole("dialog", { name: "This price has ended" });
    expect(dialog.textContent).toContain("refunded it in full");
    await user.click(within(dialog).getByRole("button", { name: "See today's price" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(step(container)).toBe("subscription-offer");
  });

  it("offers a parent whose subscription ran out to renew, or to buy lifetime access on the payment page", async () => {
    const user = userEvent.setup();
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    const { posts } = await renderPurchase(
      `/purchase/?token=${token}`,
      (post) =>
        post.intent === "lifetime-checkout"
          ? { intent: "lifetime-checkout", redirectUrl: "https://pay.test/page/lifetime" }
          : null,
      true,
    );
    const dialog = await screen.findByRole("dialog", { name: "Your subscription has expired" });
    expect(within(dialog).getByRole("button", { name: "Renew" })).toBeTruthy();
    // The price the server named, and what it replaces.
    expect(dialog.textContent).toContain("€29.99");
    expect(dialog.textContent).toContain("Regular price €59.99");

    await user.click(within(dialog).getByRole("button", { name: "Buy all content lifetime" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://pay.test/page/lifetime"));
    // The browser names nothing about the price: the server prices lifetime access itself.
    expect(posts).toContainEqual({ intent: "lifetime-checkout" });
    assign.mockRestore();
  });

  it("where the right of withdrawal applies, says the order is paid and asks for access at once before leaving", async () => {
    const user = userEvent.setup();
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    const { posts } = await renderPurchase(
      `/purchase/?token=${token}&offer=1`,
      (post) => (post.intent === "checkout" ? { intent: "checkout", redirectUrl: "https://pay.test/page/1" } : null),
      false,
      true,
    );
    const buy = await screen.findByRole("button", { name: "Pay and start my 3-day trial" });
    await user.click(screen.getByRole("checkbox", { name: /I agree to the Terms of Service/ }));
    await user.click(buy);
    // The second box, not yet ticked: focused and named, and nothing leaves for the gateway.
    const waive = screen.getByRole("checkbox", { name: /I want access to the kit straight away/ });
    expect(document.activeElement).toBe(waive);
    expect(waive.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Please confirm that you want access straight away")).toBeTruthy();
    expect(posts.filter((post) => post.intent === "checkout")).toEqual([]);

    await user.click(waive);
    await user.click(buy);
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://pay.test/page/1"));
    expect(posts).toContainEqual({ intent: "checkout", agree: "on", immediate_access: "on" });
    assign.mockRestore();
  });

  it("says lifetime access is theirs when the payment for it comes back approved", async () => {
    await renderPurchase(`/purchase/?token=${token}&order_id=order-3&bought=lifetime`, (post) =>
      post.intent === "order-status" ? { intent: "order-status", status: "approved", errorCode: null } : null,
    );
    const dialog = await screen.findByRole("dialog", { name: "Payment successful!" });
    expect(dialog.textContent).toContain("You have lifetime access: no more renewals.");
  });

  it("shows why lifetime access could not be started, under its button", async () => {
    const user = userEvent.setup();
    await renderPurchase(
      `/purchase/?token=${token}`,
      (post) =>
        post.intent === "lifetime-checkout"
          ? { intent: "lifetime-checkout", error: { messageKey: "purchase.result.checkoutFailed" } }
          : null,
      true,
    );
    const dialog = await screen.findByRole("dialog", { name: "Your subscription has expired" });
    await user.click(within(dialog).getByRole("button", { name: "Buy all content lifetime" }));
    const alert = await within(dialog).findByRole("alert");
    expect(alert.textContent).toBe("We couldn't open the payment page. Please try again in a moment.");
  });

  it("hides the sticky buy bar once the offer's form is on screen, so it never lies over the terms box", async () => {
    const observed: Element[] = [];
    class OnScreen {
      readonly report: (entries: { isIntersecting: boolean }[]) => void;
      constructor(report: (entries: { isIntersecting: boolean }[]) => void) {
        this.report = report;
      }
      observe(element: Element) {
        observed.push(element);
        this.report([{ isIntersecting: true }]);
      }
      disconnect() {}
    }
    vi.stubGlobal("IntersectionObserver", OnScreen);
    try {
      const { container } = await renderPurchase(`/purchase/?token=${token}&offer=1`);
      await waitFor(() => expect(container.querySelector(".offer__sticky")?.hasAttribute("hidden")).toBe(true));
      expect(observed).toEqual([container.querySelector("form#offer-form")]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
