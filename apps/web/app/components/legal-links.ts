/** Legal documents, in the order the drawer and the footer list them. */
export const legalLinks = [
  { path: "/terms/terms-of-service/", label: "nav.termsOfService" },
  { path: "/terms/privacy-policy/", label: "nav.privacyPolicy" },
  { path: "/terms/money-back-policy/", label: "nav.moneyBackPolicy" },
  { path: "/terms/subscription-terms/", label: "nav.subscriptionTerms" },
  { path: "/terms/cookie-policy/", label: "nav.cookiePolicy" },
  { path: "/terms/do-not-sell/", label: "nav.doNotSell" },
] as const;
