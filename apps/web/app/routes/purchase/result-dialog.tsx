import { type ReactNode, useEffect, useEffectEvent, useId, useRef, useState } from "react";

/**
 * A modal message in a native <dialog> opened with showModal(): the browser traps focus, makes
 * the page behind inert and moves focus into it. The server renders it open (not modal, placed
 * over the page by the style sheet), so it is there before the scripts and without them; as it
 * mounts it turns modal. The owner unmounts it to close, and hears `onClosed` once it is gone
 * (focus can only move out of it then). Escape calls `onEscape`; without one, Escape leaves it
 * open where it can.
 */
export function ResultDialog({
  title,
  text,
  actions,
  onEscape,
  onClosed,
  tone,
}: {
  title: string;
  text: string;
  actions: ReactNode;
  onEscape: (() => void) | undefined;
  onClosed?: () => void;
  tone: "success" | "failure" | "notice";
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  const closed = useEffectEvent(() => onClosed?.());
  // Rendered once as the server did; from then on showModal() and close() own the attribute.
  const [openWhenRendered] = useState(true);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.matches(":modal")) {
      // Not close(): its close event would read as the parent closing it.
      dialog.removeAttribute("open");
      dialog.showModal();
    }
    // Gone from the page, not merely re-run (development's strict mode runs effects twice).
    return () => {
      if (!dialog?.isConnected) closed();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      open={openWhenRendered}
      className={`result-dialog result-dialog--${tone}`}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        // The owner decides what Escape means; the dialog closes when it is unmounted.
        if (!event.cancelable) return;
        event.preventDefault();
        onEscape?.();
      }}
      // Without a recent tap the browser may close it regardless; then Escape meant the same.
      onClose={() => onEscape?.()}
    >
      <span className="result-dialog__icon" aria-hidden="true" />
      <h2 id={titleId} className="result-dialog__title">
        {title}
      </h2>
      <p id={textId} className="result-dialog__text">
        {text}
      </p>
      <div className="result-dialog__actions">{actions}</div>
    </dialog>
  );
}
