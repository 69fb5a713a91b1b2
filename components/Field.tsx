import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  children: ReactNode;
}

/** Label, control, hint and the error text under the control. */
export function Field({ id, label, error, hint, required, children }: FieldProps) {
  return (
    <div className={error ? "field field-invalid" : "field"}>
      <label htmlFor={id}>
        {label}
        {required && <span className="field-required" aria-hidden="true">*</span>}
      </label>
      {children}
      {hint && !error && <p className="field-hint" id={`${id}-hint`}>{hint}</p>}
      {error && <p className="field-error" id={`${id}-error`} role="alert">{error}</p>}
    </div>
  );
}

type ControlAttributes = Omit<
  InputHTMLAttributes<HTMLInputElement> & TextareaHTMLAttributes<HTMLTextAreaElement>,
  "id" | "value" | "onChange"
>;

/**
 * The forms' one text control: a Field whose input (a textarea with `multiline`) is marked invalid and
 * described by its error while it has one.
 */
export function TextField({ id, label, error, hint, required, value, onValue, multiline, ...attributes }: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  value: string;
  onValue: (value: string) => void;
  multiline?: boolean;
} & ControlAttributes) {
  const control = {
    id,
    value,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
    ...attributes,
  };
  return (
    <Field id={id} label={label} error={error} hint={hint} required={required}>
      {multiline
        ? <textarea {...control} onChange={(e) => onValue(e.target.value)} />
        : <input {...control} onChange={(e) => onValue(e.target.value)} />}
    </Field>
  );
}
