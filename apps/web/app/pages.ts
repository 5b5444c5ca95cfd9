// Every page of the product, once; routes.ts turns each into one route for every language, its
// id the page's. `action` says what the page's action reads (a form, JSON from its scripts, or
// either: a page whose forms also work before and without scripts); the server refuses other
// bodies and methods before the page runs (server/request-rules.ts). A page without it takes GET
// and HEAD only.

export const pages = [
  { id: "home", path: "", file: "routes/home.tsx", title: "home" },
  { id: "not-found-page", path: "404", file: "routes/not-found.tsx", title: "notFound" },
  {
    id: "onboarding",
    path: "onboarding",
    file: "routes/onboarding/onboarding.tsx",
    title: "onboarding",
    action: "form-or-json",
  },
  { id: "quiz1", path: "quiz1", file: "routes/onboarding/onboarding.tsx", title: "onboarding", action: "form-or-json" },
  { id: "purchase", path: "purchase", file: "routes/purchase/purchase.tsx", title: "purchase", action: "form-or-json" },
  {
    id: "purchase-flow",
    path: "purchase-flow",
    file: "routes/purchase/purchase.tsx",
    title: "purchase",
    action: "form-or-json",
  },
  { id: "offer1", path: "offer1", file: "routes/purchase/purchase.tsx", title: "purchase", action: "form-or-json" },
  {
    id: "printables",
    path: "printables",
    file: "routes/printables/printables.tsx",
    title: "printables",
    action: "form-or-json",
  },
  { id: "profile", path: "profile", file: "routes/profile/profile.tsx", title: "profile", action: "form" },
  {
    id: "profile-subscription",
    path: "profile/subscription",
    file: "routes/profile/subscription/profile-subscription.tsx",
    title: "subscription",
    action: "form",
  },
  {
    id: "cancel-subscription",
    path: "profile/cancel-subscription",
    file: "routes/profile/cancel-subscription/cancel-subscription.tsx",
    title: "cancelSubscription",
    action: "form",
  },
  { id: "contact", path: "contact", file: "routes/contact/contact.tsx", title: "contact", action: "form" },
  { id: "cancel", path: "cancel", file: "routes/cancel/cancel.tsx", title: "cancel", action: "form" },
  {
    id: "unsubscribe",
    path: "unsubscribe",
    file: "routes/unsubscribe/unsubscribe.tsx",
    title: "unsubscribe",
    action: "form",
  },
  {
    id: "cookie-policy",
    path: "terms/cookie-policy",
    file: "routes/legal/legal.tsx",
    title: "cookiePolicy",
    action: "form",
  },
  { id: "do-not-sell", path: "terms/do-not-sell", file: "routes/legal/legal.tsx", title: "doNotSell", action: "form" },
  {
    id: "money-back-policy",
    path: "terms/money-back-policy",
    file: "routes/legal/legal.tsx",
    title: "moneyBackPolicy",
    action: "form",
  },
  {
    id: "privacy-policy",
    path: "terms/privacy-policy",
    file: "routes/legal/legal.tsx",
    title: "privacyPolicy",
    action: "form",
  },
  {
    id: "subscription-terms",
    path: "terms/subscription-terms",
    file: "routes/legal/legal.tsx",
    title: "subscriptionTerms",
    action: "form",
  },
  {
    id: "terms-of-service",
    path: "terms/terms-of-service",
    file: "routes/legal/legal.tsx",
    title: "termsOfService",
    action: "form",
  },
  { id: "not-found", path: "*", file: "routes/not-found.tsx", title: "notFound" },
] as const;

export type PageId = (typeof pages)[number]["id"];

type Page = (typeof pages)[number];
const notFoundPage = pages.find((page) => page.id === "not-found") as Page;

export function pageById(id: PageId): Page {
  return pages.find((page) => page.id === id) ?? notFoundPage;
}

/** What the page's action reads, or undefined when it has none. */
export function actionBodyOf(page: Page): "form" | "json" | "form-or-json" | undefined {
  return "action" in page ? page.action : undefined;
}

/** The page an unprefixed path shows; anything unknown is the not-found page. */
export function pageForPath(unprefixedPath: string) {
  const trimmed = unprefixedPath.replace(/^\/+|\/+$/g, "");
  return pages.find((page) => page.path === trimmed) ?? notFoundPage;
}
