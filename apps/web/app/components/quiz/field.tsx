import type { InputHTMLAttributes } from "react";

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
