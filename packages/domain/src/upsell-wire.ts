// The add-on offer is an "upsell" in the code. The specification spells it "upsale" wherever it
// leaves the code: API paths, payment bodies, plan and product names, order purposes and
// entitlement kinds in the database, the analytics payload's page field, and state kept in the
// browser. Those spellings are declared here, once, so that nothing stored or sent changes.

/** The kind of a pack purchase: recurring_type, plan kind, order purpose, entitlement and invoice kind. */
export const upsellKind = "upsale";

/** The public API's upsell paths. */
export const upsellPaths = {
  checkout: "/:gateway/upsale",
  decision: "/:gateway/upsale/decision",
  status: "/:gateway/upsale/status",
  trigger: "/conversion/trigger-upsale",
  displayMode: "/upsale/display-mode",
} as const;

/** The analytics payload's field holding the printables page's address. */
export const upsellPageUrlField = "upsale_url";

/** The query parameter that brings the kind bought back from the gateway's payment page. */
export const upsellReturnTypeParam = "upsale_type";

/** The browser's stored state of the offer (the store area's name). */
export const upsellStoreName = "upsale";

/** How a pack plan's product name starts: upsale_14.99_$, upsale_discount_4.99_$. */
export const upsellProductPrefix = "upsale";
