// @vitest-environment happy-dom

import { purchaseSteps } from "@kinderready/domain/flows";
import { quizFlow } from "@kinderready/domain/onboarding/quiz-flow";
import { type Locale, localeCodes } from "@kinderready/i18n/locales";
import { type Catalogue, createTranslator } from "@kinderready/i18n/translator";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testOfferPlan } from "../../test/offer-plan.ts";
import { rawKeysShown } from "../../test/raw-keys.ts";
import { renderPage, silenceNetwork } from "../../test/render-page.tsx";
import { cataloguePart } from "../i18n/catalogue-parts.ts";
import { useAnalyticsStore } from "../stores/analytics-store.ts";
import { useOnboardingStore } from "../stores/onboarding-store.ts";
import { usePurchaseStore } from "../stores/purchase-store.ts";
import { ConnectivityBanner } from "./connectivity-banner.tsx";
import { ConsentBanner } from "./consent-banner.tsx";
import { PurchaseFlow } from "./purchase/purchase-flow.tsx";
import { Quiz } from "./quiz/quiz.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";

// No catalogue key can reach a parent: every quiz page and every purchase page, in every
// language, with and without the child's name, is rendered and its text searched for anything
// shaped like one of the catalogue's keys ("quiz.pages.analyzing.text").

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

  it("on any quiz page and its frame with the catalogue's first part alone, as a quiz page hydrates", async () => {
    const firstPart = createTranslator(locale, cataloguePart(catalogues[locale], "first"));
    for (const [step, quizPage] of quizFlow.entries()) {
      useOnboardingStore.setState({ step, kid: { name: "Emma", years: { text: "5", value: 5 } } });
      const view = await renderPage(
        <>
          <SiteHeader locale={locale} />
          <ConnectivityBanner />
          <ConsentBanner locale={locale} pixelId="1" consentRequired={true} initialConsent={undefined} />
          <Quiz flowType="main" locale={locale} consentDefault={true} />
          <SiteFooter locale={locale} supportEmail="help@example.com" />
        </>,
        { url: `/onboarding/?token=${token}`, path: "/onboarding/", translator: firstPart },
      );
      expect(rawKeysShown(), `${locale} quiz page ${quizPage.id}, first part`).toEqual([]);
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
          lifetimePlan={null}
          parentReviews={[]}
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
});
