// Every page of the product, once; routes.ts turns it into a route per language.

export const pages = [
  { id: "home", path: "", file: "routes/home.tsx", title: "home" },
  { id: "not-found-page", path: "404", file: "routes/not-found.tsx", title: "notFound" },
  { id: "onboarding", path: "onboarding", file: "routes/onboarding.tsx", title: "onboarding" },
  { id: "quiz1", path: "quiz1", file: "routes/onboarding.tsx", title: "onboarding" },
  { id: "purchase", path: "purchase", file: "routes/purchase.tsx", title: "purchase" },
  { id: "purchase-flow", path: "purchase-flow", file: "routes/purchase.tsx", title: "purchase" },
  { id: "offer1", path: "offer1", file: "routes/purchase.tsx", title: "purchase" },
  { id: "printables", path: "printables", file: "routes/printables.tsx", title: "printables" },
  { id: "profile", path: "profile", file: "routes/profile.tsx", title: "profile" },
  {
    id: "profile-subscription",
    path: "profile/subscription",
    file: "routes/profile-subscription.tsx",
    title: "subscription",
  },
  {
    id: "cancel-subscription",
    path: "profile/cancel-subscription",
    file: "routes/cancel-subscription.tsx",
    title: "cancelSubscription",
  },
  { id: "contact", path: "contact", file: "routes/contact.tsx", title: "contact" },
  { id: "cookie-policy", path: "terms/cookie-policy", file: "routes/legal.tsx", title: "cookiePolicy" },
  { id: "do-not-sell", path: "terms/do-not-sell", file: "routes/legal.tsx", title: "doNotSell" },
  { id: "money-back-policy", path: "terms/money-back-policy", file: "routes/legal.tsx", title: "moneyBackPolicy" },
  { id: "privacy-policy", path: "terms/privacy-policy", file: "routes/legal.tsx", title: "privacyPolicy" },
  { id: "subscription-terms", path: "terms/subscription-terms", file: "routes/legal.tsx", title: "subscriptionTerms" },
  { id: "terms-of-service", path: "terms/terms-of-service", file: "routes/legal.tsx", title: "termsOfService" },
  { id: "not-found", path: "*", file: "routes/not-found.tsx", title: "notFound" },
] as const;

export type PageId = (typeof pages)[number]["id"];

type Page = (typeof pages)[number];
const notFoundPage = pages.find((page) => page.id === "not-found") as Page;

export function pageById(id: PageId): Page {
  return pages.find((page) => page.id === id) ?? notFoundPage;
}

/** Route ids are `${locale}:${pageId}`; the page id names the page whatever the language. */
export function pageIdOf(routeId: string): PageId {
  return routeId.slice(routeId.indexOf(":") + 1) as PageId;
}

/** The page an unprefixed path shows; anything unknown is the not-found page. */
export function pageForPath(unprefixedPath: string) {
  const trimmed = unprefixedPath.replace(/^\/+|\/+$/g, "");
  return pages.find((page) => page.path === trimmed) ?? notFoundPage;
}
