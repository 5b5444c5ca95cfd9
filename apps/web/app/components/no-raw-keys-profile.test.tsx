// @vitest-environment happy-dom

import type { ProfileView, SubscriptionInfo } from "@kinderready/domain/profile/profile-schema";
import { type Locale, localeCodes, localizePath } from "@kinderready/i18n/locales";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentType } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hydratingTranslator } from "../../test/hydrating-translator.ts";
import { rawKeysShown } from "../../test/raw-keys.ts";
import { silenceNetwork } from "../../test/render-page.tsx";
import type { CatalogueHandle } from "../i18n/load-catalogue.ts";
import { TranslatorProvider } from "../i18n/translation-context.tsx";
import * as CancelSubscription from "../routes/profile/cancel-subscription/cancel-subscription.tsx";
import * as Profile from "../routes/profile/profile.tsx";
import * as ProfileSubscription from "../routes/profile/subscription/profile-subscription.tsx";

// No catalogue key can reach a parent on their profile: the overview, the subscription and the
// cancel flow (each step, the refusal of no reason, the success), whatever the subscription (none,
// trial, active, past due, cancelled, expired, lifetime) and signed out, in every language, with
// only the parts of the catalogue its route hydrates with (catalogue-parts.ts). The pages are
// rendered from the loader's views (a session is the profile loader's own test's).
// The printables, legal and console pages: no-raw-keys-loaded.test.tsx.

const now = new Date();
const day = 86_400_000;
const iso = (offsetDays: number) => new Date(now.getTime() + offsetDays * day).toISOString();

const NoFallback = () => null;

/**
 * A profile route at `url` in `locale`, its loader answering `data` and its action `answer`, with
 * the parts of the catalogue the route hydrates with.
 */
async function renderProfileRoute(
  locale: Locale,
  url: string,
  route: { default: ComponentType<never>; handle: CatalogueHandle },
  data: unknown,
  answer: unknown = null,
) {
  const Stub = createRoutesStub([
    {
      path: url.split("?")[0] as string,
      Component: route.default,
      loader: () => data,
      action: () => answer,
      HydrateFallback: NoFallback,
    },
  ] as never);
  const view = render(
    <TranslatorProvider translator={hydratingTranslator(locale, route.handle)}>
      <Stub initialEntries={[url]} />
    </TranslatorProvider>,
  );
  await waitFor(() => expect(document.querySelector("h1")).toBeTruthy());
  return view;
}

const plan = (overrides: Partial<SubscriptionInfo>): SubscriptionInfo => ({
  status: "active",
  expired_at: iso(20),
  cancelled_at: null,
  trial_ends_at: null,
  renewal: { amount: 2999, currency: "USD", periodDays: 30 },
  cancelReason: null,
  ends_on: null,
  pause: null,
  canRestore: false,
  canRenew: false,
  canPayWithAnotherCard: false,
  canCancel: true,
  ...overrides,
});

const profileBase: ProfileView = {
  email: "parent@example.com",
  childName: "Noa",
  childAge: 5,
  locale: "en",
  subscription: null,
  purchases: [],
  addOns: { packs: false, lifetime: false },
  consent: { mailing: true, adSharingOptOut: false },
  canDeleteData: true,
};

const purchase = (kind: ProfileView["purchases"][number]["kind"], refunded = false) => ({
  orderId: `order-${kind}`,
  kind,
  amount: 1999,
  currency: "USD",
  paidAt: iso(-10),
  refunded,
});

/** The profile in every state a parent can find it in. */
const profiles: Record<string, ProfileView> = {
  "no subscription": profileBase,
  trialing: {
    ...profileBase,
    subscription: plan({ status: "trialing", trial_ends_at: iso(3), expired_at: iso(3) }),
    purchases: [purchase("subscription")],
  },
  active: {
    ...profileBase,
    subscription: plan({}),
    purchases: [purchase("subscription"), purchase("renewal"), purchase("upsale", true), purchase("reactivation")],
    addOns: { packs: true, lifetime: false },
    canDeleteData: false,
  },
  "ending on a later date": {
    ...profileBase,
    subscription: plan({ ends_on: iso(50), canRestore: true }),
    canDeleteData: false,
  },
  "past due": {
    ...profileBase,
    subscription: plan({ status: "past_due", canPayWithAnotherCard: true }),
    canDeleteData: false,
  },
  "pausing at the end of the period": {
    ...profileBase,
    subscription: plan({ pause: { from: iso(20), resumes_at: iso(50) } }),
    canDeleteData: false,
  },
  paused: {
    ...profileBase,
    subscription: plan({ status: "paused", expired_at: iso(25), pause: { from: iso(-5), resumes_at: iso(25) } }),
    canDeleteData: false,
  },
  cancelled: {
    ...profileBase,
    subscription: plan({
      status: "cancelled",
      cancelled_at: iso(-1),
      cancelReason: "other",
      canRestore: true,
      canCancel: false,
      renewal: null,
    }),
    purchases: [purchase("subscription")],
  },
  expired: {
    ...profileBase,
    subscription: plan({
      status: "expired",
      expired_at: iso(-5),
      canRenew: true,
      canPayWithAnotherCard: true,
      canCancel: false,
    }),
    purchases: [purchase("subscription", true)],
  },
  lifetime: {
    ...profileBase,
    childName: null,
    childAge: null,
    email: null,
    subscription: plan({ status: "lifetime", expired_at: null, renewal: null, canCancel: false }),
    purchases: [purchase("lifetime")],
    addOns: { packs: true, lifetime: true },
    consent: { mailing: false, adSharingOptOut: true },
  },
};

describe.each(localeCodes)("no raw key on the profile in %s", (locale) => {
  beforeEach(silenceNetwork);
  afterEach(cleanup);
  const at = (path: string) => localizePath(path, locale);

  it.each(Object.keys(profiles))("with %s", async (state) => {
    const profile = { ...(profiles[state] as ProfileView), locale };
    const data = { state: "signed-in", locale, profile, gpc: state === "lifetime" };
    for (const [path, route] of [
      ["/profile/", Profile],
      ["/profile/subscription/", ProfileSubscription],
      ["/profile/cancel-subscription/", CancelSubscription],
      ["/profile/cancel-subscription/?step=reason", CancelSubscription],
    ] as const) {
      await renderProfileRoute(locale, at(path), route, data);
      expect(rawKeysShown(), `${locale} ${state} ${path}`).toEqual([]);
      cleanup();
    }
  });

  it.each([
    { status: "approved", errorCode: null },
    { status: "declined", errorCode: "3.02" },
    { status: "declined", errorCode: "9.99" },
    { status: "pending", errorCode: null },
  ])("back from paying with another card: $status $errorCode", async (anotherCard) => {
    const profile = { ...(profiles["past due"] as ProfileView), locale };
    const data = { state: "signed-in", locale, profile, gpc: false, anotherCard };
    await renderProfileRoute(locale, at("/profile/subscription/?order_id=kr_1"), ProfileSubscription, data);
    expect(rawKeysShown()).toEqual([]);
    expect(document.querySelector(".notice")?.textContent).toBeTruthy();
  });

  it("in the cancel flow: no reason refused, Other's box, the server's refusal and the success", async () => {
    const user = userEvent.setup();
    const data = { state: "signed-in", locale, profile: { ...profiles.active, locale }, gpc: false };
    const reason = at("/profile/cancel-subscription/?step=reason");
    await renderProfileRoute(locale, reason, CancelSubscription, data, {
      intent: "cancel",
      ok: false,
      errorKey: "profile.errors.internal",
    });
    const submit = () => user.click(document.querySelector("form button[type=submit]") as HTMLElement);
    await submit();
    expect(screen.getByRole("alert")).toBeTruthy();
    expect(rawKeysShown(), `${locale} no reason`).toEqual([]);
    await user.click(document.querySelector('input[value="other"]') as HTMLElement);
    expect(document.querySelector("textarea")).toBeTruthy();
    await submit();
    await waitFor(() => expect(screen.getByRole("alert")).toBeTruthy());
    expect(rawKeysShown(), `${locale} refused`).toEqual([]);
    cleanup();

    const cancelled = { ...profiles.cancelled?.subscription };
    await renderProfileRoute(locale, reason, CancelSubscription, data, {
      intent: "cancel",
      ok: true,
      subscription: cancelled,
    });
    await user.click(document.querySelector('input[value="high_price"]') as HTMLElement);
    await submit();
    await waitFor(() => expect(screen.getByRole("status")).toBeTruthy());
    expect(rawKeysShown(), `${locale} cancelled`).toEqual([]);
  });

  it.each([
    [
      "a pause",
      {
        offer: "pause",
        choices: [
          { periods: 1, from: iso(3), resumesAt: iso(33) },
          { periods: 2, from: iso(3), resumesAt: iso(63) },
        ],
      },
    ],
    ["lifetime access", { offer: "lifetime", price: 29.99, currency: "USD" }],
    ["help on the spot", { offer: "help" }],
  ] as const)("in the cancel flow's answer to the reason: %s, and how it ends", async (_, save) => {
    const user = userEvent.setup();
    const data = { state: "signed-in", locale, profile: { ...profiles.active, locale }, gpc: false };
    const reason = at("/profile/cancel-subscription/?step=reason");
    await renderProfileRoute(locale, reason, CancelSubscription, data, {
      intent: "cancel-reason",
      ok: true,
      session: "00000000-0000-4000-8000-000000000001",
      save,
    });
    await user.click(document.querySelector('input[value="not_using_now"]') as HTMLElement);
    await user.click(document.querySelector("form button[type=submit]") as HTMLElement);
    await waitFor(() => expect(document.querySelector('input[name="session"]')).toBeTruthy());
    expect(rawKeysShown(), `${locale} ${save.offer} offered`).toEqual([]);
    cleanup();
  });

  it.each([
    ["paused", { intent: "pause", ok: true, subscription: profiles.paused?.subscription }],
    ["lifetime access bought", { intent: "lifetime", ok: true, status: "approved" }],
    ["lifetime access processing", { intent: "lifetime", ok: true, status: "processing" }],
    ["kept after help", { intent: "help-worked", ok: true, subscription: profiles.active?.subscription }],
  ] as const)("when the cancel flow ends %s", async (_, end) => {
    const user = userEvent.setup();
    const data = { state: "signed-in", locale, profile: { ...profiles.active, locale }, gpc: false };
    await renderProfileRoute(locale, at("/profile/cancel-subscription/?step=reason"), CancelSubscription, data, end);
    await user.click(document.querySelector('input[value="other"]') as HTMLElement);
    await user.click(document.querySelector("form button[type=submit]") as HTMLElement);
    await waitFor(() => expect(screen.getByRole("status")).toBeTruthy());
    expect(rawKeysShown(), `${locale} ${end.intent}`).toEqual([]);
    cleanup();
  });

  it.each(["none", "valid", "invalid"] as const)("signed out, with a sign-in link %s", async (accessLink) => {
    await renderProfileRoute(locale, at("/profile/"), Profile, { state: "signed-out", locale, accessLink });
    expect(rawKeysShown(), `${locale} signed out, link ${accessLink}`).toEqual([]);
  });
});
