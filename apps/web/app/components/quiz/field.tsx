import { type InputHTMLAttributes, type TextareaHTMLAttributes, useEffect } from "react";

/** A labelled text input with its error, wired for screen readers. */
export function Field({
  id,
  label,
  error,
  ...input
}: { id: string; label: string; error: string | undefined } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The same for a longer text (a message, a comment). */
export function TextAreaField({
  id,
  label,
  error,
  ...textarea
}: { id: string; label: string; error: string | undefined } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...textarea}
      />
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * What the parent typed into a server-rendered field before the scripts took over: hydration
 * would otherwise show it while the form's state still holds the empty initial value.
 */
export function useValueTypedBeforeHydration(id: string, keep: (value: string) => void) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page hydrates
  useEffect(() => {
    const element = document.getElementById(id);
    if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
      if (element.value) keep(element.value);
    }
  }, []);
}
