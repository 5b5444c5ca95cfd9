import { Form, Link } from "react-router";
import { ConsoleCard } from "../../components/console/console-card.tsx";
import { TableScroll } from "../../components/console/table-scroll.tsx";
import { loadConsoleCustomers } from "../../console/console-customers-route.server.ts";
import { exportHref } from "../../console/export-href.ts";
import { useTranslation } from "../../i18n/translation-context.tsx";
import type { Route } from "./+types/console-customers";

// Customers (/admin/customers/): find a parent by the beginning of their email, their token,
// an order id or their id.

export const loader = (args: Route.LoaderArgs) => loadConsoleCustomers(args);

export default function ConsoleCustomers({ loaderData }: Route.ComponentProps) {
  const { t, ifKnown, i18n } = useTranslation("console");
  const { query, matches, invalid } = loaderData;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" });
  return (
    <>
      <h1>{t("customers.title")}</h1>
      <Form method="get" role="search" className="console-filters" aria-label={t("customers.search")}>
        <label className="console-field console-field--wide">
          <span>{t("customers.query")}</span>
          <input
            type="search"
            name="q"
            required
            minLength={3}
            maxLength={254}
            defaultValue={query}
            aria-invalid={invalid || undefined}
            aria-describedby="customer-query-hint"
          />
        </label>
        <button type="submit" className="console-button">
          {t("customers.find")}
        </button>
      </Form>
      <p id="customer-query-hint" className="console-note">
        {t("customers.hint")}
      </p>
      {invalid && (
        <p role="alert" className="console-error">
          {t("customers.invalid")}
        </p>
      )}
      {matches && (
        <ConsoleCard
          table
          id="customer-matches"
          title={t("customers.matches", { count: matches.length })}
          csvHref={exportHref("customers.csv", { q: query })}
        >
          <TableScroll labelledBy="customer-matches">
            <table className="console-table">
              <thead>
                <tr>
                  <th scope="col">{t("customers.columns.email")}</th>
                  <th scope="col">{t("customers.columns.child")}</th>
                  <th scope="col">{t("customers.columns.language")}</th>
                  <th scope="col">{t("customers.columns.since")}</th>
                  <th scope="col">{t("customers.columns.subscription")}</th>
                </tr>
              </thead>
              <tbody>
                {matches.map((match) => (
                  <tr key={match.id}>
                    <th scope="row">
                      <Link to={`/admin/customers/${match.id}/`}>{match.email ?? t("customers.noEmail")}</Link>
                    </th>
                    <td>{match.kidName ?? "—"}</td>
                    <td>{match.locale}</td>
                    <td>{date.format(new Date(match.createdAt))}</td>
                    <td>
                      {match.subscriptionStatus
                        ? (ifKnown(`customers.statuses.${match.subscriptionStatus}`) ?? match.subscriptionStatus)
                        : t("customers.noSubscription")}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </ConsoleCard>
      )}
    </>
  );
}
