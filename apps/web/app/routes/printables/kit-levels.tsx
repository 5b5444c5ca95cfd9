import type { PrintableLevelView } from "@kinderready/domain/printables/printables-schema";
import { formatCount } from "@kinderready/i18n/intl-locale";
import type { Locale } from "@kinderready/i18n/locales";
import { Link } from "react-router";
import { useTranslation } from "../../i18n/translation-context.tsx";
import { KitItemCard } from "./kit-item-card.tsx";
import type { KitLink } from "./use-kit-link.ts";

/** Every level in order with its progress and lock; the open one with its worksheets and activities. */
export function KitLevels({
  levels,
  openLevel,
  linkTo,
  locale,
}: {
  levels: PrintableLevelView[];
  openLevel: number | undefined;
  linkTo: KitLink;
  locale: Locale;
}) {
  const number = (value: number) => formatCount(locale, value);
  return (
    <ol className="kit-levels">
      {levels.map((level, index) => (
        <li key={level.number} className={`kit-level${level.locked ? " kit-level--locked" : ""}`}>
          <LevelSummary
            level={level}
            previous={levels[index - 1]}
            isOpen={openLevel === level.number}
            openHref={linkTo({ level: String(level.number) })}
            number={number}
          />
          {openLevel === level.number && level.items.length > 0 && (
            <ul className="kit-items" aria-label={level.title}>
              {level.items.map((item) => (
                <KitItemCard key={item.id} item={item} />
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}

/** A level's title, state, progress and links (its items, its PDF); a locked one names the level before it. */
function LevelSummary({
  level,
  previous,
  isOpen,
  openHref,
  number,
}: {
  level: PrintableLevelView;
  previous: PrintableLevelView | undefined;
  isOpen: boolean;
  openHref: string;
  number: (value: number) => string;
}) {
  const { t } = useTranslation();
  const { done, total } = level.progress;
  const state = level.locked ? "locked" : level.completed ? "completed" : done > 0 ? "started" : "new";
  return (
    <div className="kit-level__summary">
      <h3 className="kit-level__title" id={`level-${level.number}`}>
        {level.title}
      </h3>
      <p className="kit-level__state">
        <span className={`kit-badge kit-badge--${state}`}>{t(`printables.state.${state}`)}</span>{" "}
        {level.locked && previous ? t("printables.lockedHint", { previous: previous.title }) : level.description}
      </p>
      <div className="kit-progress">
        <progress value={done} max={total} aria-labelledby={`level-${level.number} level-${level.number}-progress`} />
        <span id={`level-${level.number}-progress`} className="small">
          {t("printables.progress", { done: number(done), total: number(total) })}
        </span>
      </div>
      {!level.locked && (
        <div className="kit-level__actions">
          {!isOpen && (
            <Link className="kit-link" to={openHref} aria-describedby={`level-${level.number}`}>
              {t("printables.showItems")}
            </Link>
          )}
          {level.download_url && (
            <a className="kit-link" href={level.download_url} download aria-describedby={`level-${level.number}`}>
              {t("printables.downloadLevel")}
            </a>
          )}
        </div>
      )}
    </div>
  );
}
