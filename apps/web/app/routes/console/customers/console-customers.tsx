import { Form } from "react-router";
import { ConsoleCard } from "../../../console/console-card.tsx";
import { DataTable } from "../../../console/data-table.tsx";
import { exportHref } from "../../../console/export-href.ts";
import { useTranslation } from "../../../i18n/translation-context.tsx";
import type { Route } from "./+types/console-customers";
import { loadConsoleCustomers } from "./console-customers-route.server.ts";
import { matchColumns } from "./customer-columns.tsx";

// Customers (/admin/customers/): find a parent by the beginning of their email, their token,
// an order id or their id.

export const loader = (args: Route.LoaderArgs) => loadConsoleCustomers(args);

export default function ConsoleCustomers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("console");
  const { query, matches, invalid } = loaderData;
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
          <DataTable labelledBy="customer-matches" columns={matchColumns} rows={matches} rowKey={(match) => match.id} />
        </ConsoleCard>
      )}
    </>
  );
}
