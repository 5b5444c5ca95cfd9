import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useRef } from "react";
import { useValueFromBeforeHydration } from "./use-value-from-before-hydration.ts";

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
      <ControlledInput id={id} className="field__input" {...describedBy(id, error)} {...input} />
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
      <ControlledTextArea id={id} className="field__input" {...describedBy(id, error)} {...textarea} />
    </LabelledField>
  );
}

/** An input its state controls, keeping what the parent typed or ticked before the scripts ran. */
export function ControlledInput(input: InputHTMLAttributes<HTMLInputElement>) {
  const ref = useRef<HTMLInputElement>(null);
  useValueFromBeforeHydration(ref, input.onChange);
  return <input ref={ref} {...input} />;
}

/** A text area its state controls, keeping what the parent typed before the scripts ran. */
export function ControlledTextArea(textarea: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useValueFromBeforeHydration(ref, textarea.onChange);
  return <textarea ref={ref} {...textarea} />;
}
