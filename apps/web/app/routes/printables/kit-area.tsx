import type {
  MonthBookView,
  PrintablesGroup,
  PrintablesView,
  PrintablesWeekView,
} from "@kinderready/domain/printables/printables-schema";
import type { Locale } from "@kinderready/i18n/locales";
import { Link } from "react-router";
import { useTranslation } from "../../i18n/translation-context.tsx";
import { KitLevels } from "./kit-levels.tsx";
import { MonthBooks } from "./kit-month-books.tsx";
import { KitPacks } from "./kit-packs.tsx";
import { WeekPlan } from "./kit-week-plan.tsx";
import { useKitLink } from "./use-kit-link.ts";
import { useLevelUnlocked } from "./use-level-unlocked.ts";

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
  const linkTo = useKitLink(locale);
  const openLevel = kit.open && "level" in kit.open ? kit.open.level : undefined;
  const announcement = useLevelUnlocked(kit.core);
  const openPack = kit.open && "pack" in kit.open ? kit.open.pack : undefined;
  return (
    <>
      <p className="kit__for">
        {kit.childName ? t("printables.kitFor", { name: kit.childName }) : t("printables.kitForNoName")}
      </p>
      <PaperSwitch
        current={kit.paper}
        linkTo={(paper) =>
          linkTo({
            paper,
            ...(openLevel !== undefined ? { level: String(openLevel) } : {}),
            ...(openPack ? { pack: openPack } : {}),
          })
        }
      />
      {kit.week && kit.week.items.length > 0 && <WeekPlan week={kit.week} childName={kit.childName} />}
      <h2 className="kit__heading">{t("printables.levelsHeading")}</h2>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <KitLevels levels={kit.core} openLevel={openLevel} linkTo={linkTo} locale={locale} />
      {(kit.months.length > 0 || kit.nextMonth) && (
        <MonthBooks months={kit.months} next={kit.nextMonth} locale={locale} />
      )}
      {kit.upsell.add_ons.length > 0 && <KitPacks upsell={kit.upsell} openPack={openPack} linkTo={linkTo} />}
    </>
  );
}

/** A4 or US letter for every download, as links that keep the level or pack open. */
function PaperSwitch({ current, linkTo }: { current: "a4" | "letter"; linkTo: (paper: "a4" | "letter") => string }) {
  const { t } = useTranslation();
  return (
    <nav className="kit-paper" aria-label={t("printables.paperLabel")}>
      <span className="muted small">{t("printables.paperLabel")}</span>
      {(["a4", "letter"] as const).map((paper) => (
        <Link
          key={paper}
          className={`kit-paper__option${current === paper ? " kit-paper__option--current" : ""}`}
          to={linkTo(paper)}
          aria-current={current === paper ? "true" : undefined}
          preventScrollReset
        >
          {t(`printables.paperOptions.${paper}`)}
        </Link>
      ))}
    </nav>
  );
}
