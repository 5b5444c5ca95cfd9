import { useTranslation } from "react-i18next";

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
