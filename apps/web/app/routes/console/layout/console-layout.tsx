import { locales } from "@kinderready/i18n/locales";
import { Form, isRouteErrorResponse, NavLink, Outlet, useLocation } from "react-router";
import { consoleMeta } from "../../../console/console-meta.ts";
import { requireOperator } from "../../../console/operator-guard.server.ts";
import { consoleCatalogueHandle } from "../../../i18n/load-catalogue.ts";
import { useTranslation } from "../../../i18n/translation-context.tsx";
import consoleStyles from "../../../styles/console.css?url";
import type { Route } from "./+types/console-layout";
import { loadConsoleLayout } from "./console-layout-route.server.ts";

// The console's frame: who is signed in, the sections, the language, signing out.

export const handle = consoleCatalogueHandle;

export const meta: Route.MetaFunction = ({ loaderData }) => consoleMeta(loaderData?.title);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: consoleStyles }];

// Signs the operator in once per request for every console page below (loaders and actions).
export const middleware: Route.MiddlewareFunction[] = [requireOperator];

export const loader = (args: Route.LoaderArgs) => loadConsoleLayout(args);

const sections = [
  { to: "/admin/", key: "funnel", end: true },
  { to: "/admin/experiments/", key: "experiments", end: false },
  { to: "/admin/revenue/", key: "revenue", end: false },
  { to: "/admin/retention/", key: "retention", end: false },
  { to: "/admin/emails/", key: "emails", end: false },
  { to: "/admin/customers/", key: "customers", end: false },
  { to: "/admin/offer/", key: "offer", end: false },
  { to: "/admin/reviews/", key: "reviews", end: false },
  { to: "/admin/forwarding/", key: "forwarding", end: false },
  { to: "/admin/audit/", key: "audit", end: false },
] as const;

function ConsoleHeader({ email }: { email: string | undefined }) {
  const { t, i18n } = useTranslation("console");
  const { pathname, search } = useLocation();
  const query = new URLSearchParams(search);
  return (
    <header className="console-header">
      <a className="console-skip" href="#main">
        {t("skipToContent")}
      </a>
      <p className="console-brand">{t("title")}</p>
      <nav aria-label={t("sections")}>
        <ul className="console-nav">
          {sections.map((section) => (
            <li key={section.key}>
              <NavLink to={section.to} end={section.end} prefetch="intent">
                {t(`nav.${section.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label={t("language")} className="console-languages">
        <ul>
          {locales.map((locale) => {
            query.set("lang", locale.code);
            return (
              <li key={locale.code}>
                <a
                  href={`${pathname}?${query}`}
                  hrefLang={locale.code}
                  lang={locale.code}
                  aria-current={i18n.language === locale.code ? "true" : undefined}
                >
                  {locale.code.toUpperCase()}
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
      {email && (
        <Form method="post" action="/admin/sign-in/" className="console-account" reloadDocument>
          <span>{email}</span>
          <input type="hidden" name="intent" value="sign-out" />
          <button type="submit" className="console-button console-button--quiet">
            {t("signOut")}
          </button>
        </Form>
      )}
    </header>
  );
}

export default function ConsoleLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ConsoleHeader email={loaderData.operator.email} />
      <main id="main" tabIndex={-1} className="console-main">
        <Outlet />
      </main>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation("console");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <>
      <ConsoleHeader email={undefined} />
      <main id="main" tabIndex={-1} className="console-main">
        <h1>{status === 403 ? t("errors.forbidden") : status === 404 ? t("errors.notFound") : t("errors.generic")}</h1>
        <p>
          <a href="/admin/">{t("errors.back")}</a>
        </p>
      </main>
    </>
  );
}
