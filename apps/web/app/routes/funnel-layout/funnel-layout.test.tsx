// @vitest-environment happy-dom
import english from "@kinderready/i18n/catalogues/en.json" with { type: "json" };
import { createTranslator } from "@kinderready/i18n/translator";
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub, data } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { silenceNetwork } from "../../../test/render-page.tsx";
import { TranslatorProvider } from "../../i18n/translation-context.tsx";
import FunnelLayout, { ErrorBoundary } from "./funnel-layout.tsx";

const rootData = {
  locale: "en",
  config: { isDev: false, adsEnabled: false, supportEmail: "help@kinderready.test", appUrl: "http://localhost" },
};
const frameData = { privacy: { consentRequired: false, adConsent: null }, seo: {} };

const NoFallback = () => null;
const Page = () => <p>the page</p>;

/** The parents' frame at `url`, around a page that renders or throws what `page` does. */
function renderFrame(url: string, page: () => never | string) {
  const Stub = createRoutesStub([
    {
      id: "root",
      loader: () => rootData,
      HydrateFallback: NoFallback,
      children: [
        {
          id: "funnel",
          loader: () => frameData,
          Component: FunnelLayout as never,
          ErrorBoundary: ErrorBoundary as never,
          children: [{ path: "/onboarding/", loader: page, Component: Page }],
        },
      ],
    },
  ]);
  render(
    <TranslatorProvider translator={createTranslator("en", english)}>
      <Stub initialEntries={[url]} />
    </TranslatorProvider>,
  );
}

describe("the parents' frame", () => {
  beforeEach(silenceNetwork);
  afterEach(cleanup);

  it("puts the page inside the header, main and footer", async () => {
    renderFrame("/onboarding/", () => "ok");
    expect(await screen.findByText("the page")).toBeTruthy();
    expect(screen.getByRole("banner")).toBeTruthy();
    expect(screen.getByRole("main").textContent).toContain("the page");
    expect(screen.getByRole("contentinfo")).toBeTruthy();
  });

  it("keeps the header and footer around a page that failed, with the way home", async () => {
    renderFrame("/onboarding/", () => {
      throw data(null, { status: 503 });
    });
    expect(await screen.findByRole("heading", { level: 1, name: english.errors.unavailable })).toBeTruthy();
    expect(screen.getByRole("banner")).toBeTruthy();
    expect(screen.getByRole("contentinfo")).toBeTruthy();
    expect(screen.getByRole("link", { name: english.errors.backHome }).getAttribute("href")).toBe("/");
  });
});
