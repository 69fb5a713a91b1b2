// The filter form of the list pages (/objects, /tasks, /estimates): a GET form to the page itself, so the
// filters live in the address and work without script.
import type { ReactNode } from "react";
import { Icon } from "../components/Icon.tsx";

/** A select of the form (id `f-<name>`): «Все …» (no filter) first, then the choices. */
export function FilterSelect({ label, name, value, all, options, extra }: {
  label: string;
  name: string;
  value: string | number | undefined;
  /** The first choice, no filter: 'Все статусы'. */
  all: string;
  options: ReadonlyArray<{ value: string | number; label: string }>;
  /** Choices between «Все …» and the list ('Не назначено'). */
  extra?: ReactNode;
}) {
  const id = `f-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value === undefined ? "" : String(value)}>
        <option value="">{all}</option>
        {extra}
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
    </div>
  );
}

/** The search field (`q`, id `f-q`) of the form. */
export function FilterSearch({ value, placeholder, label = "Поиск", className = "field" }: {
  value: string | undefined;
  placeholder: string;
  label?: string;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor="f-q">{label}</label>
      <input id="f-q" name="q" type="search" defaultValue={value ?? ""} placeholder={placeholder} />
    </div>
  );
}

/** The form with its fields, the submit button and 'Сбросить' (back to the bare page) when filtered. */
export function FilterForm({ action, label, submit, filtered, search, children }: {
  action: string;
  /** The form's accessible name. */
  label: string;
  /** The submit button's text: 'Найти', 'Показать', 'Применить'. */
  submit: string;
  filtered: boolean;
  /** A search form (role="search"), not only filters. */
  search?: boolean;
  children: ReactNode;
}) {
  return (
    <form
      className="card filters"
      method="get"
      action={action}
      role={search ? "search" : undefined}
      aria-label={label}
    >
      {children}
      <div className="row filter-buttons">
        <button type="submit" className="btn btn-primary">
          <Icon name="search" /> {submit}
        </button>
        {filtered && <a className="btn btn-ghost" href={action}>Сбросить</a>}
      </div>
    </form>
  );
}

/** Choices of a select from an enumeration and its labels. */
export const choicesOf = <K extends string>(
  keys: readonly K[],
  labels: Record<K, { label: string } | string>,
) =>
  keys.map((k) => {
    const l = labels[k];
    return { value: k, label: typeof l === "string" ? l : l.label };
  });

/** The status select of an enumeration of statuses. */
export function StatusFilter<K extends string>({ value, statuses, labels }: {
  value: K | undefined;
  statuses: readonly K[];
  labels: Record<K, { label: string }>;
}) {
  const options = choicesOf(statuses, labels);
  return <FilterSelect label="Статус" name="status" value={value} all="Все статусы" options={options} />;
}

/**
 * The object a list was opened for from its card (`objectId`): named, kept by the form, and dropped by «Все
 * объекты». Lists find their objects by the search field otherwise, not by a select of them: a company with
 * a thousand objects would carry them all on every list page.
 */
export function ChosenObject({ object, clearHref }: {
  object: { id: number; address: string };
  /** The list with the same filters but this object's. */
  clearHref: string;
}) {
  return (
    <div className="field chosen-object">
      <input type="hidden" name="objectId" value={object.id} />
      <span className="label">Объект</span>
      <p className="chosen-object-name">
        <span>{object.address}</span> <a className="btn btn-ghost btn-sm" href={clearHref}>Все объекты</a>
      </p>
    </div>
  );
}
