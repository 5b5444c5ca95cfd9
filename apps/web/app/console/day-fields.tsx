import type { DaysRefusal } from "@kinderready/domain/console/report-filters";
import { Form } from "react-router";
import { useTranslation } from "../i18n/translation-context.tsx";
import { formatDay } from "./console-format.ts";

/** The id of a report's filter message, which the field at fault points to. */
const filterErrorId = "console-filter-error";

/** A report's range of days (both included), the first fields of every report's filters. */
export function DayFields({
  from,
  to,
  invalid,
}: {
  from: string | undefined;
  to: string | undefined;
  /** The field the report refused, marked for assistive technology and pointing to the message. */
  invalid?: string | undefined;
}) {
  const { t } = useTranslation("console");
  const marked = (field: string) =>
    field === invalid ? { "aria-invalid": true, "aria-describedby": filterErrorId } : {};
  return (
    <>
      <label className="console-field">
        <span>{t("filters.from")}</span>
        <input type="date" name="from" required defaultValue={from} {...marked("from")} />
      </label>
      <label className="console-field">
        <span>{t("filters.to")}</span>
        <input type="date" name="to" required defaultValue={to} {...marked("to")} />
      </label>
    </>
  );
}

type DaysQuery =
  | { ok: true; filters: { from: string; to: string } }
  | { ok: false; field: string; refusal: DaysRefusal | undefined; values: Record<string, string> };

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
        <DayFields from={days.from} to={days.to} invalid={query.ok ? undefined : query.field} />
        <button type="submit" className="console-button">
          {t("filters.apply")}
        </button>
      </Form>
      {!query.ok && <FilterError field={query.field} refusal={query.refusal} />}
    </>
  );
}

/** The filter a report could not use, named in the operator's language, and why when it was the days. */
export function FilterError({ field, refusal }: { field: string; refusal: DaysRefusal | undefined }) {
  const { t, ifKnown, i18n } = useTranslation("console");
  const label = ifKnown(`filters.${field}`) ?? field;
  const day = refusal?.day ? formatDay(i18n.language, refusal.day) : "";
  const [start, end] = [t("filters.from"), t("filters.to")];
  const message = !refusal
    ? t("filters.invalid", { field: label })
    : refusal.reason === "span"
      ? t("filters.errors.span", { field: label, count: refusal.maxDays ?? 0, end })
      : refusal.reason === "order"
        ? t("filters.errors.order", { field: label, start })
        : t(`filters.errors.${refusal.reason}`, { field: label, day });
  return (
    <p role="alert" id={filterErrorId} className="console-error">
      {message}
    </p>
  );
}
