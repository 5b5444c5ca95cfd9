import { Form } from "react-router";
import { useTranslation } from "../../i18n/translation-context.tsx";

/** A report's range of days (both included), the first fields of every report's filters. */
export function DayFields({ from, to }: { from: string | undefined; to: string | undefined }) {
  const { t } = useTranslation("console");
  return (
    <>
      <label className="console-field">
        <span>{t("filters.from")}</span>
        <input type="date" name="from" required defaultValue={from} />
      </label>
      <label className="console-field">
        <span>{t("filters.to")}</span>
        <input type="date" name="to" required defaultValue={to} />
      </label>
    </>
  );
}

type DaysQuery =
  | { ok: true; filters: { from: string; to: string } }
  | { ok: false; field: string; values: Record<string, string> };

/** The days a report was asked for, as typed even when they were refused. */
export const daysOf = (query: DaysQuery) =>
  query.ok ? query.filters : { from: query.values.from ?? "", to: query.values.to ?? "" };

/** A report's filter form (a range of days only), and why the range was refused if it was. */
export function DaysFilter({ query }: { query: DaysQuery }) {
  const { t } = useTranslation("console");
  const days = daysOf(query);
  return (
    <>
      <Form method="get" className="console-filters" aria-label={t("filters.title")}>
        <DayFields from={days.from} to={days.to} />
        <button type="submit" className="console-button">
          {t("filters.apply")}
        </button>
      </Form>
      {!query.ok && <FilterError field={query.field} />}
    </>
  );
}

/** The filter a report could not use, named in the operator's language. */
export function FilterError({ field }: { field: string }) {
  const { t, ifKnown } = useTranslation("console");
  return (
    <p role="alert" className="console-error">
      {t("filters.invalid", { field: ifKnown(`filters.${field}`) ?? field })}
    </p>
  );
}
