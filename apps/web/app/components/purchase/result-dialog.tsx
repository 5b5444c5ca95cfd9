import { type ReactNode, useEffect, useEffectEvent, useId, useRef } from "react";

/**
 * A modal message in a native <dialog> opened with showModal(): the browser traps focus, makes
 * the page behind inert and moves focus into it. It opens when it mounts; the owner unmounts it
 * to close, and hears `onClosed` once it is gone (focus can only move out of it then). Escape
 * calls `onEscape`; without one, Escape leaves it open where it can.
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
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    // Gone from the page, not merely re-run (development's strict mode runs effects twice).
    return () => {
      if (!dialog?.isConnected) closed();
    };
  }, []);
  return (
    <dialog
      ref={ref}
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
