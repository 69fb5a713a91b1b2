import type { InputHTMLAttributes, ReactNode } from "react";

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

type InputAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "value" | "onChange">;

/** The forms' one text input: a Field whose input is marked invalid and described by its error while it has one. */
export function TextField({ id, label, error, hint, required, value, onValue, ...input }: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  value: string;
  onValue: (value: string) => void;
} & InputAttributes) {
  return (
    <Field id={id} label={label} error={error} hint={hint} required={required}>
      <input
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onValue(e.target.value)}
        {...input}
      />
    </Field>
  );
}
