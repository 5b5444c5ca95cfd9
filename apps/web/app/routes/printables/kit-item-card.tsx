import type { PrintableItemView } from "@kinderready/domain/printables/printables-schema";
import { useTranslation } from "../../i18n/translation-context.tsx";
import { KitItemActions } from "./kit-item-actions.tsx";
import { useItemMarks } from "./use-item-marks.ts";

/**
 * One worksheet or activity card: its preview (lazy), what it is, download, print and a "done"
 * toggle the server records. An activity can also be read right here.
 */
export function KitItemCard({ item }: { item: PrintableItemView }) {
  const { t, ifKnown } = useTranslation();
  const { done, tooHard, failed, mark } = useItemMarks(item);
  const titleId = `item-${item.id}`;
  return (
    <li
      className={`kit-item${done ? " kit-item--done" : ""}${tooHard ? " kit-item--too-hard" : ""}`}
      aria-labelledby={titleId}
    >
      <img
        className="kit-item__preview"
        src={item.preview_url}
        alt=""
        width={120}
        height={170}
        loading="lazy"
        decoding="async"
      />
      <div className="kit-item__body">
        <ItemMeta item={item} />
        <h4 className="kit-item__title" id={titleId}>
          {item.title}
        </h4>
        <p className="kit-item__summary small">{item.summary}</p>
        {item.activity && <ActivitySteps activity={item.activity} />}
        <KitItemActions item={item} titleId={titleId} done={done} tooHard={tooHard} onMark={mark} />
        {failed && (
          <p role="alert" className="kit-item__error small">
            {ifKnown(failed) ?? t("printables.completeError")}
          </p>
        )}
      </div>
    </li>
  );
}

/** What the item is: its kind, skill and minutes, and whether it was picked for this child. */
function ItemMeta({ item }: { item: PrintableItemView }) {
  const { t } = useTranslation();
  return (
    <p className="kit-item__meta small">
      <span>{t(item.kind === "activity" ? "printables.kind.activity" : "printables.kind.printable")}</span>
      {" · "}
      <span>{item.skill_title}</span>
      {item.minutes !== null && <> · {t("printables.minutes", { count: item.minutes })}</>}
      {item.for_you && (
        <>
          {" · "}
          <span className="kit-badge kit-badge--for-you">{t("printables.forYou")}</span>
        </>
      )}
    </p>
  );
}

/** An activity, read right here: what it needs and its steps. */
function ActivitySteps({ activity }: { activity: NonNullable<PrintableItemView["activity"]> }) {
  const { t } = useTranslation();
  return (
    <details className="kit-item__activity">
      <summary>{t("printables.readActivity")}</summary>
      <h5>{t("printables.youNeed")}</h5>
      <ul>
        {activity.materials.map((material) => (
          <li key={material}>{material}</li>
        ))}
      </ul>
      <h5>{t("printables.steps")}</h5>
      <ol>
        {activity.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </details>
  );
}
