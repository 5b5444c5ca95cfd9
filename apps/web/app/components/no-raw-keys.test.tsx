// @vitest-environment happy-dom

import { purchaseSteps } from "@kinderready/domain/flows";
import { goals, quizFlow } from "@kinderready/domain/onboarding/quiz-flow";
import { type Locale, localeCodes } from "@kinderready/i18n/locales";
import { type Catalogue, createTranslator } from "@kinderready/i18n/translator";
import { cleanup } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hydratingTranslator } from "../../test/hydrating-translator.ts";
import { testLifetimePlan as lifetimePlan, testOfferPlan } from "../../test/offer-plan.ts";
import { rawKeysShown } from "../../test/raw-keys.ts";
import { renderPage, silenceNetwork } from "../../test/render-page.tsx";
import { catalogueParts } from "../i18n/catalogue-parts.ts";
import { partCatalogueHandle } from "../i18n/load-catalogue.ts";
import { handle as quizHandle } from "../routes/onboarding/onboarding.tsx";
import { Quiz } from "../routes/onboarding/quiz.tsx";
import { handle as offerHandle } from "../routes/purchase/purchase.tsx";
import { PurchaseFlow } from "../routes/purchase/purchase-flow.tsx";
import { useAnalyticsStore } from "../stores/analytics-store.ts";
import { useOnboardingStore } from "../stores/onboarding-store.ts";
import { usePurchaseStore } from "../stores/purchase-store.ts";
import { ConnectivityBanner } from "./connectivity-banner.tsx";
import { ConsentBanner } from "./consent-banner.tsx";
import { ErrorPage } from "./error-page.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";
import { SupportChat } from "./support-chat.tsx";

// No catalogue key can reach a parent: every quiz page and every purchase page, in every
// language, with and without the child's name, is rendered and its text searched for anything
// shaped like one of the catalogue's keys ("quiz.pages.analyzing.text"); again with only the part
// of the catalogue its route hydrates with (catalogue-parts.ts), with the parents' frame around it.

const catalogues = Object.fromEntries(
  await Promise.all(
    localeCodes.map(
      async (code) =>
        [
          code,
          (await import(`../../../../packages/i18n/catalogues/${code}.json`, { with: { type: "json" } })).default,
        ] as const,
    ),
  ),
) as Record<Locale, Catalogue>;

const token = "raw-keys-parent-0123456789abcdef";
const plan = testOfferPlan(1.99);
const page = { id: "trial-trace-name-big", title: "T", src: "/printables/files/preview/trial-trace-name-big.svg" };
const reviews = [1, 2, 3].map((n) => ({
  id: `review-${n}`,
  rating: 5,
  text: "Lovely worksheets.",
  firstName: "Anna",
  childAge: n === 1 ? null : 4,
  approvedAt: new Date("2026-01-01"),
}));

describe.each(localeCodes)("no raw key in %s", (locale) => {
  const translator = createTranslator(locale, catalogues[locale]);
  beforeEach(() => {
    silenceNetwork();
    useAnalyticsStore.setState(useAnalyticsStore.getInitialState(), true);
    useOnboardingStore.setState(useOnboardingStore.getInitialState(), true);
    usePurchaseStore.setState(usePurchaseStore.getInitialState(), true);
  });
  afterEach(cleanup);

  it.each(["", "Emma"])("on any quiz page (child's name %j)", async (name) => {
    for (const [step, quizPage] of quizFlow.entries()) {
      useOnboardingStore.setState({ step, kid: { name, years: { text: "5", value: 5 } } });
      const view = await renderPage(<Quiz flowType="main" locale={locale} consentDefault={true} />, {
        url: `/onboarding/?token=${token}`,
        path: "/onboarding/",
        translator,
      });
      expect(rawKeysShown(), `${locale} quiz page ${quizPage.id}`).toEqual([]);
      view.unmount();
    }
  });

  it("on any quiz page and its frame with the part of the catalogue the quiz hydrates with", async () => {
    const translator = hydratingTranslator(locale, quizHandle);
    for (const [step, quizPage] of quizFlow.entries()) {
      useOnboardingStore.setState({ step, kid: { name: "Emma", years: { text: "5", value: 5 } } });
      const view = await renderPage(
        <Frame locale={locale}>
          <Quiz flowType="main" locale={locale} consentDefault={true} />
        </Frame>,
        { url: `/onboarding/?token=${token}`, path: "/onboarding/", translator },
      );
      expect(rawKeysShown(), `${locale} quiz page ${quizPage.id}, the quiz's part`).toEqual([]);
      view.unmount();
    }
  });

  it.each(catalogueParts)("on the frame's error pages with the %s part of the catalogue alone", async (part) => {
    const translator = hydratingTranslator(locale, partCatalogueHandle(part));
    // A fault, and the answers a route can fail with (isRouteErrorResponse's shape).
    const errors = {
      fault: new Error("a page failed"),
      notFound: { status: 404, statusText: "Not Found", internal: false, data: null },
      badInput: { status: 400, statusText: "Bad Request", internal: false, data: { reason: "unreadable-form" } },
      unavailable: { status: 503, statusText: "Service Unavailable", internal: false, data: null },
    };
    for (const [kind, error] of Object.entries(errors)) {
      const view = await renderPage(
        <Frame locale={locale}>
          <ErrorPage error={error} />
        </Frame>,
        { url: "/onboarding/", path: "/onboarding/", translator },
      );
      expect(rawKeysShown(), `${locale} error page (${kind}), the ${part} part`).toEqual([]);
      view.unmount();
    }
  });

  it.each(["", "Emma"])("on any purchase page (child's name %j)", async (name) => {
    for (const step of purchaseSteps.keys()) {
      usePurchaseStore.setState({ step, stepUserId: token });
      const view = await renderPage(
        <PurchaseFlow
          flowType="main"
          locale={locale}
          plans={{ initial: plan, expired: plan }}
          offerTimerTimeout={600}
          offerSecondsLeft={null}
          payment={null}
          email="parent@example.com"
          subscriptionExpired={false}
          withdrawalConsent={false}
          lifetimePlan={null}
          parentReviews={[]}
          refusedToken={null}
          splits={{}}
          kitPreview={{ childName: name, age: 5, topics: ["listening"], pages: [page] }}
          kitContents={{ worksheets: 178, activities: 125, pages: [page] }}
        />,
        { url: `/purchase/?token=${token}`, path: "/purchase/", translator },
      );
      expect(rawKeysShown(), `${locale} purchase step ${step}`).toEqual([]);
      view.unmount();
    }
  });

  it.each([
    ["a first visit", { subscriptionExpired: false, payment: null, withdrawalConsent: false }],
    [
      "a first visit where the right of withdrawal applies",
      { subscriptionExpired: false, payment: null, withdrawalConsent: true },
    ],
    [
      "a subscription that ran out, with lifetime access offered",
      { subscriptionExpired: true, payment: null, withdrawalConsent: false },
    ],
    [
      "a payment declined",
      { subscriptionExpired: false, payment: { status: "declined", errorCode: "3.02" }, withdrawalConsent: false },
    ],
    [
      "a payment going through",
      { subscriptionExpired: false, payment: { status: "pending", errorCode: null }, withdrawalConsent: false },
    ],
    [
      "a payment approved",
      { subscriptionExpired: false, payment: { status: "approved", errorCode: null }, withdrawalConsent: false },
    ],
  ] as const)(
    "on any purchase page and its frame with the part of the catalogue the offer hydrates with: %s",
    async (_, state) => {
      const translator = hydratingTranslator(locale, offerHandle);
      // The goals the parent chose in the quiz are named on the plan.
      useOnboardingStore.setState({ questions: [{ id: "help", answer: [...goals] }] });
      for (const step of purchaseSteps.keys()) {
        usePurchaseStore.setState({ step, stepUserId: token });
        const view = await renderPage(
          <Frame locale={locale}>
            <PurchaseFlow
              flowType="main"
              locale={locale}
              plans={{ initial: plan, expired: plan }}
              offerTimerTimeout={600}
              offerSecondsLeft={null}
              payment={state.payment}
              email="parent@example.com"
              subscriptionExpired={state.subscriptionExpired}
              withdrawalConsent={state.withdrawalConsent}
              lifetimePlan={state.subscriptionExpired ? lifetimePlan : null}
              parentReviews={reviews}
              refusedToken={null}
              splits={{}}
              kitPreview={{ childName: "Emma", age: 5, topics: ["listening"], pages: [page] }}
              kitContents={{ worksheets: 178, activities: 125, pages: [page] }}
            />
          </Frame>,
          // Back from paying, the address names the order (and the page opens on the offer).
          {
            url: `/purchase/?token=${token}${state.payment ? "&order_id=order-1" : ""}`,
            path: "/purchase/",
            translator,
          },
        );
        expect(rawKeysShown(), `${locale} purchase step ${step}, the offer's part`).toEqual([]);
        view.unmount();
      }
    },
  );
});

/** The parents' frame as every page has it: header, banners, support chat and footer. */
function Frame({ locale, children }: { locale: Locale; children: ReactNode }) {
  return (
    <>
      <SiteHeader locale={locale} />
      <ConnectivityBanner />
      <ConsentBanner locale={locale} pixelId="1" consentRequired={true} initialConsent={undefined} />
      <main>{children}</main>
      <SiteFooter locale={locale} supportEmail="help@example.com" />
      <SupportChat url="https://chat.example.com/" />
    </>
  );
}
