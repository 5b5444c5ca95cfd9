import type {
  MonthBookView,
  PrintableItemView,
  PrintableLevelView,
  PrintablesGroup,
  PrintablesView,
  PrintablesWeekView,
} from "@kinderready/domain/printables/printables-schema";
import { formatCount } from "@kinderready/i18n/intl-locale";
import { type Locale, localizePath } from "@kinderready/i18n/locales";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { useTranslation } from "../../i18n/translation-context.tsx";
import { formatDate } from "../../payments/profile-format.ts";
import { KitItemCard } from "./kit-item-card.tsx";

export type KitData = PrintablesGroup & {
  childName: string | null;
  paper: "a4" | "letter";
  week: PrintablesWeekView | null;
  months: MonthBookView[];
  nextMonth: PrintablesView["next_month"];
  open: { level: number } | { pack: string } | undefined;
};

/**
 * The kit on the printables page: every level in order with its progress and lock, the open
 * level's worksheets and activities, the books of the month opened so far, and the add-on packs
 * the parent owns. Opening another level
 * or pack is a link (`?level=2`), so the page stays small and works before scripts load.
 */
export function KitArea({ kit, locale }: { kit: KitData; locale: Locale }) {
  const { t } = useTranslation();
  const location = useLocation();
  const linkTo = (change: Record<string, string>) => {
    const params = new URLSearchParams(location.search);
    params.delete("level");
    params.delete("pack");
    params.delete("paper");
    for (const [key, value] of Object.entries(change)) params.set(key, value);
    return `${localizePath("/printables/", locale)}?${params}`;
  };
  const number = (value: number) => formatCount(locale, value);
  const openLevel = kit.open && "level" in kit.open ? kit.open.level : undefined;
  const announcement = useLevelUnlocked(kit.core);
  const openPack = kit.open && "pack" in kit.open ? kit.open.pack : undefined;

  return (
    <>
      <p className="kit__for">
        {kit.childName ? t("printables.kitFor", { name: kit.childName }) : t("printables.kitForNoName")}
      </p>
      <nav className="kit-paper" aria-label={t("printables.paperLabel")}>
        <span className="muted small">{t("printables.paperLabel")}</span>
        {(["a4", "letter"] as const).map((paper) => (
          <Link
            key={paper}
            className={`kit-paper__option${kit.paper === paper ? " kit-paper__option--current" : ""}`}
            to={linkTo({
              paper,
              ...(openLevel !== undefined ? { level: String(openLevel) } : {}),
              ...(openPack ? { pack: openPack } : {}),
            })}
            aria-current={kit.paper === paper ? "true" : undefined}
            preventScrollReset
          >
            {t(`printables.paperOptions.${paper}`)}
          </Link>
        ))}
      </nav>
      {kit.week && kit.week.items.length > 0 && <WeekPlan week={kit.week} childName={kit.childName} />}
      <h2 className="kit__heading">{t("printables.levelsHeading")}</h2>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <ol className="kit-levels">
        {kit.core.map((level, index) => (
          <li key={level.number} className={`kit-level${level.locked ? " kit-level--locked" : ""}`}>
            <LevelSummary
              level={level}
              previous={kit.core[index - 1]}
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
      {(kit.months.length > 0 || kit.nextMonth) && (
        <MonthBooks months={kit.months} next={kit.nextMonth} locale={locale} />
      )}
      {kit.upsell.add_ons.length > 0 && (
        <section aria-labelledby="packs-heading" className="kit-packs">
          <h2 id="packs-heading" className="kit__heading">
            {t("printables.packsHeading")}
          </h2>
          {kit.upsell.add_ons_all && (
            <p>
              <a className="button" href={kit.upsell.add_ons_all.download_url} download>
                {t("printables.downloadAllPacks")}
              </a>
            </p>
          )}
          <ul className="kit-levels">
            {kit.upsell.add_ons.map((pack) => (
              <li key={pack.id} className="kit-level">
                <div className="kit-level__summary">
                  <h3 className="kit-level__title">{pack.title}</h3>
                  <div className="kit-level__actions">
                    {openPack !== pack.id && (
                      <Link className="kit-link" to={linkTo({ pack: pack.id })}>
                        {t("printables.showItems")}
                      </Link>
                    )}
                    <a className="kit-link" href={pack.download_url} download>
                      {t("printables.downloadPack")}
                    </a>
                  </div>
                </div>
                {openPack === pack.id && (
                  <ul className="kit-items" aria-label={pack.title}>
                    {pack.items.map((item: PrintableItemView) => (
                      <KitItemCard key={item.id} item={item} />
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/**
 * The week ahead: the next pages of the level the child is in, planned from what was marked done
 * or too hard, and all of them as one PDF to print.
 */
function WeekPlan({ week, childName }: { week: PrintablesWeekView; childName: string | null }) {
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

/** The books of the month: one opens with each monthly payment, and the next one is named with its day. */
function MonthBooks({
  months,
  next,
  locale,
}: {
  months: MonthBookView[];
  next: PrintablesView["next_month"];
  locale: Locale;
}) {
  const { t } = useTranslation();
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
      {next && (
        <p className="small">
          {t("printables.months.next", { title: next.title, date: formatDate(next.opens_on, locale) })}
        </p>
      )}
    </section>
  );
}

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

/**
 * Says so when marking an item done opened the next level: the page moves on to it, and a screen
 * reader user would not otherwise know why.
 */
function useLevelUnlocked(core: PrintableLevelView[]): string {
  const { t } = useTranslation();
  const locked = core.filter((level) => level.locked).map((level) => level.number);
  const previous = useRef(locked);
  const [message, setMessage] = useState("");
  const key = locked.join();
  useEffect(() => {
    const opened = previous.current.find((number) => !key.split(",").includes(String(number)));
    previous.current = key ? key.split(",").map(Number) : [];
    const next = core.find((level) => level.number === opened);
    const done = core.find((level) => opened !== undefined && level.number === opened - 1);
    if (next && done) setMessage(t("printables.levelUnlocked", { level: done.title, next: next.title }));
  }, [key, core, t]);
  return message;
}
