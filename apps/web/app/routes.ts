import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";
import { pages } from "./pages.ts";

// One route per page, its first segment the language when it has one (English has none). React
// Router matches a request against every route, several times over, so one route per page rather
// than one per page and language keeps that short; the frame refuses a segment that is no
// language (funnel-layout's middleware).
const pageRoutes = pages.map((page) =>
  route(page.path === "" ? ":lang?" : `:lang?/${page.path}`, page.file, { id: page.id }),
);

// Endpoints the pages post to, and developer tools: one each, outside the language prefixes.
export default [
  // The parents' pages share one frame (header, footer, consent); the console has its own below.
  layout("routes/funnel-layout/funnel-layout.tsx", { id: "funnel" }, pageRoutes),
  route("actions/confirm-email", "routes/confirm-email.ts", { id: "confirm-email" }),
  // A link followed from an email (email-links.server.ts): its click counted, then the page.
  route("l/:message/:signature", "routes/email-link.ts", { id: "email-link" }),
  route("dev/mailbox", "routes/dev-mailbox.tsx", { id: "dev-mailbox" }),
  // The operator console: one address in every language (the operator picks one).
  ...prefix("admin", [
    route("sign-in", "routes/console/sign-in/console-sign-in.tsx", { id: "console-sign-in" }),
    route("export/:report", "routes/console/export/console-export.ts", { id: "console-export" }),
    route("emails/preview/:kind/:locale", "routes/console/emails/console-email-preview.ts", {
      id: "console-email-preview",
    }),
    layout("routes/console/layout/console-layout.tsx", { id: "console" }, [
      index("routes/console/funnel/console-funnel.tsx", { id: "console-funnel" }),
      route("experiments", "routes/console/experiments/console-experiments.tsx", { id: "console-experiments" }),
      route("revenue", "routes/console/revenue/console-revenue.tsx", { id: "console-revenue" }),
      route("retention", "routes/console/retention/console-retention.tsx", { id: "console-retention" }),
      route("emails", "routes/console/emails/console-emails.tsx", { id: "console-emails" }),
      route("customers", "routes/console/customers/console-customers.tsx", { id: "console-customers" }),
      route("customers/:userId", "routes/console/customers/console-customer.tsx", { id: "console-customer" }),
      route("offer", "routes/console/offer/console-offer.tsx", { id: "console-offer" }),
      route("reviews", "routes/console/reviews/console-reviews.tsx", { id: "console-reviews" }),
      route("forwarding", "routes/console/forwarding/console-forwarding.tsx", { id: "console-forwarding" }),
      route("audit", "routes/console/audit/console-audit.tsx", { id: "console-audit" }),
    ]),
  ]),
] satisfies RouteConfig;
