import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useEffect } from "react";

type FieldProps = { id: string; label: string; error: string | undefined };

/** The label, the control and its error, wired for screen readers. */
function LabelledField({ id, label, error, children }: FieldProps & { children: ReactNode }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

const describedBy = (id: string, error: string | undefined) => ({
  "aria-invalid": error ? true : undefined,
  "aria-describedby": error ? `${id}-error` : undefined,
});

/** A labelled text input with its error. */
export function Field({ id, label, error, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <LabelledField id={id} label={label} error={error}>
      <input id={id} className="field__input" {...describedBy(id, error)} {...input} />
    </LabelledField>
  );
}

/** The same for a longer text (a message, a comment). */
export function TextAreaField({
  id,
  label,
  error,
  ...textarea
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <LabelledField id={id} label={label} error={error}>
      <textarea id={id} className="field__input" {...describedBy(id, error)} {...textarea} />
    </LabelledField>
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
