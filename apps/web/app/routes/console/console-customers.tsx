import { customerQuerySchema, findCustomers } from "@kinderready/domain/console/customer-admin.server";
import { defaultProduct } from "@kinderready/domain/product";
import { data, Form, Link } from "react-router";
import { requestContext } from "#load-context";
import { ConsoleCard } from "../../components/console/console-card.tsx";
import { TableScroll } from "../../components/console/table-scroll.tsx";
import { exportHref } from "../../console/export-href.ts";
import { useTranslation } from "../../i18n/translation-context.tsx";
import type { Route } from "./+types/console-customers";

// Customers (/admin/customers/): find a parent by the beginning of their email, their token,
// an order id or their id.

export async function loader(args: Route.LoaderArgs) {
  const { services } = args.context.get(requestContext);
  const raw = new URL(args.request.url).searchParams.get("q");
  if (raw === null) return { query: "", matches: null, invalid: false };
  const query = customerQuerySchema.safeParse(raw);
  if (!query.success) {
    return data({ query: raw, matches: null, invalid: true }, { status: 400 });
  }
  const matches = await findCustomers(services.db, { query: query.data, product: defaultProduct });
  return { query: query.data, matches, invalid: false };
}

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
