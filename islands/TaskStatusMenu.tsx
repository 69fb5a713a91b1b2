import { useId, useState } from "react";
import { settableTaskStatuses } from "../domain/tasks.ts";
import { taskStatusLabels } from "../domain/labels.ts";
import { call, client } from "../components/api.ts";
import { toastAfterNavigation, toastError } from "../components/toast.ts";

/**
 * The task card's status menu: any status from any other (the objects and shop spec's «States and
 * transitions»); the page reloads with the toast.
 */
export default function TaskStatusMenu({ taskId, status }: { taskId: number; status: string }) {
  const [value, setValue] = useState(status === "overdue" ? "" : status);
  const [busy, setBusy] = useState(false);
  const id = useId();
  async function change(next: typeof settableTaskStatuses[number] | "") {
    if (!next) return;
    setValue(next);
    setBusy(true);
    try {
      await call(client.tasks[":id"].$patch({ param: { id: String(taskId) }, json: { status: next } }));
      toastAfterNavigation({
        title: "Статус обновлен",
        description: "Статус задачи успешно изменен",
        variant: "success",
      });
      location.reload();
    } catch {
      toastError("Не удалось обновить статус задачи");
      setValue(status === "overdue" ? "" : status);
      setBusy(false);
    }
  }
  return (
    <div className="status-menu">
      <label htmlFor={id} className="visually-hidden">Статус задачи</label>
      <select
        id={id}
        value={value}
        disabled={busy}
        onChange={(e) => change(e.target.value as typeof settableTaskStatuses[number])}
      >
        {status === "overdue" && <option value="">Просрочено — сменить статус</option>}
        {settableTaskStatuses.map((s) => <option key={s} value={s}>{taskStatusLabels[s].label}</option>)}
      </select>
    </div>
  );
}
