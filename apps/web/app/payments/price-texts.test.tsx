// @vitest-environment happy-dom
import type { PricePlan } from "@kinderready/domain/pricing/price-config-schema";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testOfferPlan } from "../../test/offer-plan.ts";
import { renderPage, silenceNetwork } from "../../test/render-page.tsx";
import { UpsellPopup } from "../routes/printables/upsell-popup.tsx";
import { PurchaseFlow } from "../routes/purchase/purchase-flow.tsx";
import { useUpsellStore } from "../stores/upsell-store.ts";
import { PriceTextsProvider, writePrices } from "./price-texts.tsx";

const plan = (product: PricePlan["product"], price: number, oldPrice?: number): PricePlan => ({
  price,
  oldPrice,
  discount: oldPrice ? 50 : undefined,
  currency: "€",
  currency_code: "EUR",
  product_name: `${product}-test`,
  product,
});
const upsell = {
  initial: plan("upsale", 14.99, 29.99),
  catchy: plan("upsale", 4.99, 29.99),
  lifetime: plan("lifetime", 49.99, 99.99),
};
const offerPlans = {
  initial: { ...testOfferPlan(1.99), currency: "€", currency_code: "EUR" },
  expired: testOfferPlan(2.99),
};

describe("writePrices", () => {
  it("writes every amount of the plans in the page's language, with the plan's symbol", () => {
    const texts = writePrices("de", [offerPlans.initial, null, upsell.lifetime]);
    expect(Object.values(texts).sort()).toEqual([
      "1,99\u00a0€",
      "29,99\u00a0€",
      "3,99\u00a0€",
      "49,99\u00a0€",
      "99,99\u00a0€",
    ]);
  });
});

// The pages show the server's texts: the browser formats no price while it hydrates (a page's
// first currency formatter costs about 100 ms on a slow phone) and cannot write one differently.
describe("the offer and the upsell show the prices the server wrote", () => {
  beforeEach(() => {
    silenceNetwork();
    useUpsellStore.setState(useUpsellStore.getInitialState(), true);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("on the offer, with lifetime access for a parent whose subscription ran out", async () => {
    const texts = writePrices("fr", [offerPlans.initial, offerPlans.expired, upsell.lifetime]);
    const formatting = vi.spyOn(Intl.NumberFormat.prototype, "formatToParts");
    await renderPage(
      <PriceTextsProvider texts={texts}>
        <PurchaseFlow
          flowType="main"
          locale="fr"
          plans={offerPlans}
          offerTimerTimeout={600}
          offerSecondsLeft={null}
          payment={null}
          email="parent@example.com"
          subscriptionExpired
          withdrawalConsent={false}
          lifetimePlan={upsell.lifetime}
          parentReviews={[]}
          refusedToken={null}
          splits={{}}
          kitPreview={null}
          kitContents={{ worksheets: 178, activities: 125, pages: [] }}
        />
      </PriceTextsProvider>,
      { url: "/fr/purchase/?token=parent-token-0123456789abcdef&offer=1", path: "/fr/purchase/" },
    );
    expect(document.querySelector(".purchase-flow")?.getAttribute("data-step")).toBe("subscription-offer");
    expect(document.body.textContent).toContain("49,99\u00a0€");
    expect(document.body.textContent).toContain("1,99\u00a0€");
    expect(formatting).not.toHaveBeenCalled();
  });

  it("in the upsell popup, on its first offer and on the discount", async () => {
    const texts = writePrices("en", Object.values(upsell));
    const formatting = vi.spyOn(Intl.NumberFormat.prototype, "formatToParts");
    for (const formKey of ["initial", "catchy"] as const) {
      await renderPage(
        <PriceTextsProvider texts={texts}>
          <UpsellPopup
            offer={{
              kidName: "Noa",
              owned: [],
              stage: formKey === "catchy" ? "discount" : "initial",
              plans: upsell,
              oneClick: true,
              withdrawalConsent: false,
            }}
            locale="en"
            returning={undefined}
            arrival={{ isOpen: true, formKey }}
          />
        </PriceTextsProvider>,
        { url: "/printables/?token=paid-parent-0123456789abcdef", path: "/printables/" },
      );
      expect(screen.getByRole("dialog").textContent).toContain(formKey === "catchy" ? "€4.99" : "€14.99");
      cleanup();
    }
    expect(formatting).not.toHaveBeenCalled();
  });
});
