/**
 * Where a parent stands, as the quiz's and the purchase pages' loaders tell the page. Not kept in
 * the browser: the pages read it from their loader data, the server being the one that knows.
 */
export type UserFlowState = {
  registered: boolean;
  purchased: boolean;
  upsalePurchased: boolean;
  isSubscriptionExpired: boolean;
  isManualAccess: boolean;
  subscriptionStatus: string | undefined;
};
