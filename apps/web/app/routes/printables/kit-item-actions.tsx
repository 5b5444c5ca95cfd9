import type { PrintableItemView } from "@kinderready/domain/printables/printables-schema";
import type { FormEvent, ReactNode } from "react";
import { track } from "../../analytics/analytics.ts";
import { useTranslation } from "../../i18n/translation-context.tsx";
import { printItem } from "./print-item.ts";
import type { MarkFields } from "./use-item-marks.ts";

/** An item's actions: download, print, and its marks (done; too hard, for a worksheet). */
export function KitItemActions({
  item,
  titleId,
  done,
  tooHard,
  onMark,
}: {
  item: PrintableItemView;
  titleId: string;
  done: boolean;
  tooHard: boolean;
  onMark: (fields: MarkFields) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="kit-item__actions">
      {item.download_url && (
        <a
          className="kit-link"
          href={item.download_url}
          download
          aria-describedby={titleId}
          onClick={() => track("printable_downloaded", { item: item.id })}
        >
          {t("printables.download")}
        </a>
      )}
      {item.print_url && (
        <a
          className="kit-link"
          href={item.print_url}
          target="_blank"
          rel="noopener"
          onClick={(event) => printItem(event, item)}
          aria-describedby={titleId}
        >
          {t("printables.print")}
        </a>
      )}
      {item.download_url && (
        <MarkForm itemId={item.id} fields={{ done: !done }} onMark={onMark}>
          <button type="submit" className="kit-done" aria-pressed={done} aria-describedby={titleId}>
            {done ? t("printables.done") : t("printables.markDone")}
          </button>
        </MarkForm>
      )}
      {item.download_url && item.kind === "printable" && (
        <MarkForm itemId={item.id} fields={{ done: false, too_hard: !tooHard }} onMark={onMark}>
          <button type="submit" className="kit-done kit-done--hard" aria-pressed={tooHard} aria-describedby={titleId}>
            {t("printables.tooHard")}
          </button>
        </MarkForm>
      )}
    </div>
  );
}

/**
 * A mark on the item (done, too hard) as a form: with scripts the tap is saved in the page;
 * before them (or without) the form posts the same fields.
 */
function MarkForm({
  itemId,
  fields,
  onMark,
  children,
}: {
  itemId: string;
  fields: MarkFields;
  onMark: (fields: MarkFields) => void;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onMark(fields);
  };
  return (
    <form method="post" className="kit-done-form" onSubmit={submit}>
      <input type="hidden" name="intent" value="complete" />
      <input type="hidden" name="item_id" value={itemId} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={String(value)} />
      ))}
      {children}
    </form>
  );
}
