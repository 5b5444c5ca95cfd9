import type { MonthBookView, PrintablesView } from "@kinderready/domain/printables/printables-schema";
import type { Locale } from "@kinderready/i18n/locales";
import { useTranslation } from "../../i18n/translation-context.tsx";
import { useDate } from "../../payments/date-texts.tsx";

/** The books of the month: one opens with each monthly payment, and the next one is named with its day. */
export function MonthBooks({
  months,
  next,
  locale,
}: {
  months: MonthBookView[];
  next: PrintablesView["next_month"];
  locale: Locale;
}) {
  const { t } = useTranslation();
  const day = useDate(locale);
  return (
    <section aria-labelledby="months-heading" className="kit-packs">
      <h2 id="months-heading" className="kit__heading">
        {t("printables.months.heading")}
      </h2>
      <p className="small">{t("printables.months.intro")}</p>
      {months.length > 0 && (
        <ul className="kit-levels">
          {months.map((month) => (
            <li key={month.number} className="kit-level">
              <div className="kit-level__summary">
                <h3 className="kit-level__title" id={`month-${month.number}`}>
                  {month.title}
                </h3>
                <p className="kit-level__state">{month.description}</p>
                <div className="kit-level__actions">
                  <a className="kit-link" href={month.download_url} download aria-describedby={`month-${month.number}`}>
                    {t("printables.months.download")}
                  </a>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {next && <p className="small">{t("printables.months.next", { title: next.title, date: day(next.opens_on) })}</p>}
    </section>
  );
}
