import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

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

/** The forms' one choice: a Field with a select of `[value, label]` options, marked invalid while it has an error. */
export function SelectField({ id, label, error, hint, required, value, onValue, options, ...attributes }: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  value: string;
  onValue: (value: string) => void;
  options: readonly (readonly [string, string])[];
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "value" | "onChange">) {
  return (
    <Field id={id} label={label} error={error} hint={hint} required={required}>
      <select
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onValue(e.target.value)}
        {...attributes}
      >
        {options.map(([v, text]) => <option key={v} value={v}>{text}</option>)}
      </select>
    </Field>
  );
}

/** A form's «Сохранить…» button: 'Сохранение…' and disabled while the form is sent. */
export function SaveButton({ busy, label }: { busy: boolean; label: string }) {
  return (
    <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
      {busy ? "Сохранение…" : label}
    </button>
  );
}

/** Companies as the options of a select: the id as the value, the name as the text. */
export const companyOptions = (companies: readonly { id: number; name: string }[]) =>
  companies.map((c) => [String(c.id), c.name] as const);
