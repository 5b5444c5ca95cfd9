import type { ExperimentStatus } from "@kinderready/domain/console/experiment-admin.server";
import { Link } from "react-router";
import { useTranslation } from "../../../i18n/translation-context.tsx";

/** Every split as a tab, running or stopped, the chosen one marked as the current page. */
export function ExperimentTabs({
  experiments,
  chosen,
}: {
  experiments: ExperimentStatus[];
  chosen: string | undefined;
}) {
  const { t } = useTranslation("console");
  return (
    <nav aria-label={t("experiments.list")}>
      <ul className="console-tabs">
        {experiments.map((experiment) => (
          <li key={experiment.name}>
            <Link
              to={`?split=${encodeURIComponent(experiment.name)}`}
              aria-current={experiment.name === chosen ? "page" : undefined}
            >
              {experiment.name}{" "}
              <span className="console-badge">
                {experiment.running ? t("experiments.running") : t("experiments.stopped")}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
