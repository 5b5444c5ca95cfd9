import type { PrintablesWeekView } from "@kinderready/domain/printables/printables-schema";
import { useTranslation } from "../../i18n/translation-context.tsx";

/**
 * The week ahead: the next pages of the level the child is in, planned from what was marked done
 * or too hard, and all of them as one PDF to print.
 */
export function WeekPlan({ week, childName }: { week: PrintablesWeekView; childName: string | null }) {
  const { t } = useTranslation();
  return (
    <section className="kit-week" aria-labelledby="week-heading">
      <h2 id="week-heading" className="kit__heading">
        {childName ? t("printables.week.heading", { name: childName }) : t("printables.week.headingNoName")}
      </h2>
      <p className="small">{t("printables.week.intro")}</p>
      <ol className="kit-week__items">
        {week.items.map((item) => (
          <li key={item.id}>
            {item.title}
            {item.easier_for && (
              <span className="kit-week__easier small">
                {" "}
                {t("printables.week.easierFor", { title: item.easier_for })}
              </span>
            )}
          </li>
        ))}
      </ol>
      <p>
        <a className="button" href={week.download_url} download>
          {t("printables.week.download")}
        </a>
      </p>
    </section>
  );
}
