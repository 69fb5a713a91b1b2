import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { BusyButton } from "./BusyButton.tsx";

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

/** A bound control's Field props and value: what TextField and SelectField share. */
interface Bound extends Omit<FieldProps, "children"> {
  value: string;
  onValue: (value: string) => void;
}

/** The Field's own props apart from the control's, which is marked invalid and described by the error. */
function splitBound<T extends Bound>({ id, label, error, hint, required, onValue, ...control }: T) {
  const field = { id, label, error, hint, required };
  const aria = {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
  };
  return { field, control: { id, ...aria, ...control }, onValue };
}

type Attributes<E> = Omit<E, "id" | "value" | "onChange">;

/** The forms' one text control: a Field with an input, or a textarea with `multiline`. */
export function TextField({ multiline, ...props }:
  & Bound
  & { multiline?: boolean }
  & Attributes<
    InputHTMLAttributes<HTMLInputElement> & TextareaHTMLAttributes<HTMLTextAreaElement>
  >) {
  const { field, control, onValue } = splitBound(props);
  return (
    <Field {...field}>
      {multiline
        ? <textarea {...control} onChange={(e) => onValue(e.target.value)} />
        : <input {...control} onChange={(e) => onValue(e.target.value)} />}
    </Field>
  );
}

/** What a bound text field takes besides its name and label. */
export type FieldOptions = Omit<
  Parameters<typeof TextField>[0],
  "id" | "label" | "value" | "onValue" | "error"
>;

/** The names of a form's text values. */
type TextKeys<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/** What a bound control receives: its id, `name`, value and error, and where an edit goes. */
export type BoundProps = Pick<Bound, "id" | "error" | "value" | "onValue"> & { name: string };

/**
 * A form's controls bound by name: `bind(name)` gives a TextField or SelectField its id (`{id}-{name}`), its
 * `name`, the form's value and error, and hands the edited values to `onChange`.
 */
export function fieldBinder<V extends object>({ id, values, errors, onChange }: {
  id: string;
  values: V;
  errors: Partial<Record<string, string>>;
  onChange: (values: V) => void;
}) {
  return (name: TextKeys<V>): BoundProps => ({
    id: `${id}-${name}`,
    name,
    error: errors[name],
    value: values[name] as string,
    onValue: (value: string) => onChange({ ...values, [name]: value }),
  });
}

/** `text(name, label, options)`: the TextField of `name` bound by `bind` (a {@link fieldBinder}). */
export function textFields<K extends string>(bind: (name: K) => BoundProps) {
  return (name: K, label: string, options: FieldOptions = {}) => (
    <TextField {...bind(name)} label={label} {...options} />
  );
}

/** The text fields of a form bound by name (see {@link fieldBinder}). */
export function bindTextFields<V extends object>(form: Parameters<typeof fieldBinder<V>>[0]) {
  return textFields(fieldBinder(form));
}

/** The forms' one choice: a Field with a select of `[value, label]` options. */
export function SelectField({ options, ...props }: Bound & {
  options: readonly (readonly [string, string])[];
} & Attributes<SelectHTMLAttributes<HTMLSelectElement>>) {
  const { field, control, onValue } = splitBound(props);
  return (
    <Field {...field}>
      <select {...control} onChange={(e) => onValue(e.target.value)}>
        {options.map(([v, text]) => <option key={v} value={v}>{text}</option>)}
      </select>
    </Field>
  );
}

/** A form's «Сохранить…» button: 'Сохранение…' and disabled while the form is sent. */
export function SaveButton({ busy, label }: { busy: boolean; label: string }) {
  return (
    <BusyButton type="submit" className="btn btn-primary" busy={busy} busyLabel="Сохранение…">
      {label}
    </BusyButton>
  );
}

/** Companies as the options of a select: the id as the value, the name as the text. */
export const companyOptions = (companies: readonly { id: number; name: string }[]) =>
  companies.map((c) => [String(c.id), c.name] as const);
