import type { PrintableItemView } from "@kinderready/domain/printables/printables-schema";
import type { FormEvent, MouseEvent, ReactNode } from "react";
import { useFetcher } from "react-router";
import { track } from "../../analytics/analytics.ts";
import { useTranslation } from "../../i18n/translation-context.tsx";
import type { CompleteActionResult } from "./upsell-result.ts";

/**
 * One worksheet or activity card: its preview (lazy), what it is, download, print and a "done"
 * toggle the server records. An activity can also be read right here.
 */
export function KitItemCard({ item }: { item: PrintableItemView }) {
  const { t, ifKnown } = useTranslation();
  const fetcher = useFetcher<CompleteActionResult>();
  const wanted = fetcher.state !== "idle" ? (fetcher.json as { done?: boolean; tooHard?: boolean }) : undefined;
  // Optimistic while saving; the server's answer (or the reloaded page) wins afterwards. A mark
  // replaces the other: done clears too hard, and too hard clears done.
  const done = wanted?.done ?? item.done;
  const tooHard = wanted ? wanted.tooHard === true : item.too_hard;
  const failed = fetcher.state === "idle" && fetcher.data?.error;
  const titleId = `item-${item.id}`;

  const mark = (fields: MarkFields) =>
    void fetcher.submit(
      { intent: "complete", itemId: item.id, ...fields },
      { method: "post", encType: "application/json" },
    );

  // Printing loads the PDF in a hidden frame and opens the print dialog; without scripts the
  // link opens the PDF, whose viewer prints.
  const print = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!item.print_url) return;
    event.preventDefault();
    document.querySelector("iframe.kit-print-frame")?.remove();
    const frame = document.createElement("iframe");
    frame.className = "kit-print-frame";
    frame.title = item.title;
    // Out of sight but rendered: a display:none frame never loads its PDF viewer, so cannot print.
    Object.assign(frame.style, {
      position: "fixed",
      insetInlineEnd: "0",
      bottom: "0",
      width: "0",
      height: "0",
      border: "0",
    });
    frame.src = item.print_url;
    frame.addEventListener("load", () => {
      try {
        frame.contentWindow?.print();
      } catch {
        window.open(item.print_url ?? "", "_blank", "noopener");
      }
    });
    document.body.append(frame);
  };

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
        <h4 className="kit-item__title" id={titleId}>
          {item.title}
        </h4>
        <p className="kit-item__summary small">{item.summary}</p>
        {item.activity && (
          <details className="kit-item__activity">
            <summary>{t("printables.readActivity")}</summary>
            <h5>{t("printables.youNeed")}</h5>
            <ul>
              {item.activity.materials.map((material) => (
                <li key={material}>{material}</li>
              ))}
            </ul>
            <h5>{t("printables.steps")}</h5>
            <ol>
              {item.activity.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </details>
        )}
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
              onClick={print}
              aria-describedby={titleId}
            >
              {t("printables.print")}
            </a>
          )}
          {item.download_url && (
            <MarkForm itemId={item.id} fields={{ done: !done }} onMark={mark}>
              <button type="submit" className="kit-done" aria-pressed={done} aria-describedby={titleId}>
                {done ? t("printables.done") : t("printables.markDone")}
              </button>
            </MarkForm>
          )}
          {item.download_url && item.kind === "printable" && (
            <MarkForm itemId={item.id} fields={{ done: false, tooHard: !tooHard }} onMark={mark}>
              <button
                type="submit"
                className="kit-done kit-done--hard"
                aria-pressed={tooHard}
                aria-describedby={titleId}
              >
                {t("printables.tooHard")}
              </button>
            </MarkForm>
          )}
        </div>
        {failed && (
          <p role="alert" className="kit-item__error small">
            {ifKnown(fetcher.data?.error) ?? t("printables.completeError")}
          </p>
        )}
      </div>
    </li>
  );
}

type MarkFields = { done: boolean; tooHard?: boolean };

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
      <input type="hidden" name="itemId" value={itemId} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={String(value)} />
      ))}
      {children}
    </form>
  );
}
