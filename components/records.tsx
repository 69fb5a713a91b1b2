// The list machinery the administration islands share (/users, /companies): the records, the create and edit
// dialog with a URL of its own, activation and deactivation.
import { useState } from "react";
import { errorMessage } from "./form.ts";
import { toast, toastError, type ToastOptions } from "./toast.ts";
import { setQueryParam } from "./url.ts";
import { Icon } from "./Icon.tsx";
import { BusyButton } from "./BusyButton.tsx";

interface RecordListOptions<T> {
  records: T[];
  /** The collection's API calls: the list, and (de)activating one record. */
  calls: { list: () => Promise<T[]>; setActive: (id: number, isActive: boolean) => Promise<unknown> };
  /** The query parameter naming the record whose dialog is open, e.g. 'userId' (a new one is `?new=1`). */
  param: string;
  /** The record whose dialog is open on arrival, or "new". */
  openId: number | "new" | null;
  /** The toast after (de)activating, given the record as it was. */
  toggled: (record: T) => ToastOptions;
  /** The start of the error toast, e.g. 'Не удалось изменить статус пользователя'. */
  toggleFailed: string;
}

export function useRecordList<T extends { id: number; isActive: boolean }>(options: RecordListOptions<T>) {
  const { calls, param } = options;
  const [records, setRecords] = useState(options.records);
  const initial = options.openId === "new" ? null : records.find((r) => r.id === options.openId) ?? null;
  const [editing, setEditing] = useState<T | null>(initial);
  const [open, setOpen] = useState(options.openId === "new" || initial !== null);
  const [toggling, setToggling] = useState<number | null>(null);

  function openDialog(record: T | null) {
    setEditing(record);
    setOpen(true);
    setQueryParam(param, record ? String(record.id) : null);
  }

  function close() {
    setOpen(false);
    setQueryParam(param, null);
    setQueryParam("new", null);
  }

  async function refresh() {
    setRecords(await calls.list());
  }

  async function toggleActive(record: T) {
    setToggling(record.id);
    try {
      await calls.setActive(record.id, !record.isActive);
      toast({ ...options.toggled(record), variant: "success" });
      await refresh();
    } catch (error) {
      toastError(`${options.toggleFailed}: ${errorMessage(error)}`);
    } finally {
      setToggling(null);
    }
  }

  return { records, editing, setEditing, open, openDialog, close, refresh, toggling, toggleActive };
}

type RecordList<T extends { id: number; isActive: boolean }> = ReturnType<typeof useRecordList<T>>;

/** The list's «Создать…» button; `intent` starts loading the dialog's form early. */
export function CreateButton(
  { label, intent, onClick }: { label: string; intent: object; onClick: () => void },
) {
  return (
    <button type="button" className="btn btn-primary" {...intent} onClick={onClick}>
      <Icon name="plus" /> {label}
    </button>
  );
}

/** A row's «Изменить» and its activation switch, each where the person may use it. */
export function RecordActions<T extends { id: number; isActive: boolean }>(
  { list, record, intent, editable = true, toggleable = true }: {
    list: RecordList<T>;
    record: T;
    intent: object;
    editable?: boolean;
    toggleable?: boolean;
  },
) {
  return (
    <>
      {editable && (
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          {...intent}
          onClick={() => list.openDialog(record)}
        >
          <Icon name="edit" size={16} /> Изменить
        </button>
      )}
      {toggleable && (
        <ActiveToggle
          active={record.isActive}
          busy={list.toggling === record.id}
          onToggle={() => list.toggleActive(record)}
        />
      )}
    </>
  );
}

/** 'Деактивировать' / 'Активировать' of a list row, busy while its change is on the way. */
export function ActiveToggle(
  { active, busy, onToggle }: { active: boolean; busy: boolean; onToggle: () => void },
) {
  return (
    <BusyButton
      className={active ? "btn btn-ghost btn-sm" : "btn btn-success btn-sm"}
      onClick={onToggle}
      busy={busy}
    >
      {active ? "Деактивировать" : "Активировать"}
    </BusyButton>
  );
}
