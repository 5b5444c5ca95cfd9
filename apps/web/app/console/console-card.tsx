import type { ReactNode } from "react";
import { useTranslation } from "../i18n/translation-context.tsx";

/** A titled section of a console page, with its table's CSV export when it has one. */
export function ConsoleCard({
  id,
  title,
  csvHref,
  table = false,
  children,
}: {
  id: string;
  title: string;
  csvHref?: string | undefined;
  /** Holds a TableScroll, which is then the region the title names (one landmark, not two). */
  table?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation("console");
  return (
    <section aria-labelledby={table ? undefined : id} className="console-card">
      <div className="console-card__header">
        <h2 id={id}>{title}</h2>
        {csvHref && (
          <a href={csvHref} download>
            {t("exportCsv")}
          </a>
        )}
      </div>
      {children}
    </section>
  );
}
