import { PhoneLink } from "../components/PhoneLink.tsx";
import { useEffect, useId, useRef, useState } from "react";
import { Dialog } from "../components/Dialog.tsx";
import { call, client } from "../components/api.ts";
import { SelectField } from "../components/Field.tsx";
import { toast, toastError } from "../components/toast.ts";
import { estimateSplitLabels } from "../domain/labels.ts";
import TaskStatusMenu from "./TaskStatusMenu.tsx";

export interface TaskDetailProps {
  task: {
    id: number;
    title: string;
    description: string | null;
    status: string;
    statusLabel: string;
    statusTone: string;
    priorityLabel: string;
    priorityTone: string;
    due: string;
    created: string;
    assignee: string;
    objectId: number | null;
    address: string | null;
    client: string | null;
    phone: string | null;
    workType: string | null;
    /** «Сметы по видам работ»: a separate estimate per work type, or one. */
    separateEstimates: boolean;
  };
  canChangeStatus: boolean;
  /** The chief engineer (or an administrator) may change «Сметы по видам работ» here; others see it. */
  canChooseEstimates: boolean;
  /** The task's measuring screen, when it has one to open. */
  measureUrl?: string | null;
}

/** The task opened by /tasks?taskId= (a notification click): a modal with the task and its status menu. */
export default function TaskDetailDialog(
  { task, canChangeStatus, canChooseEstimates, measureUrl }: TaskDetailProps,
) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  function onClose() {
    const url = new URL(location.href);
    url.searchParams.delete("taskId");
    history.replaceState(null, "", url);
  }
  return (
    <Dialog dialogRef={dialog} title={task.title} titleId="task-detail-title" onClose={onClose}>
      <div className="dialog-body stack">
        <div className="row">
          <span className={`badge badge-${task.statusTone}`}>{task.statusLabel}</span>
          <span className={`badge badge-${task.priorityTone}`}>{task.priorityLabel}</span>
        </div>
        {task.description && <p className="pre-line">{task.description}</p>}
        <dl className="details">
          <dt>Объект</dt>
          <dd>
            {task.objectId ? <a href={`/objects?objectId=${task.objectId}`}>{task.address}</a> : "Не указан"}
          </dd>
          {task.workType && (
            <>
              <dt>Тип работ</dt>
              <dd>{task.workType}</dd>
            </>
          )}
          <dt>Клиент</dt>
          <dd>{task.client || "Не указан"}</dd>
          <dt>Телефон</dt>
          <dd>
            <PhoneLink phone={task.phone} fallback="не указан" />
          </dd>
          <dt>Исполнитель</dt>
          <dd>{task.assignee}</dd>
          <dt>Срок</dt>
          <dd>{task.due}</dd>
          <dt>Создана</dt>
          <dd>{task.created}</dd>
          {!canChooseEstimates && (
            <>
              <dt>Сметы по видам работ</dt>
              <dd>{estimateSplitLabels[task.separateEstimates ? "separate" : "combined"]}</dd>
            </>
          )}
        </dl>
        {canChooseEstimates && <EstimateSplitChoice taskId={task.id} separate={task.separateEstimates} />}
        {canChangeStatus && (
          <div className="field">
            <span className="label">Статус</span>
            <TaskStatusMenu taskId={task.id} status={task.status} />
          </div>
        )}
      </div>
      <div className="dialog-foot">
        <button type="button" className="btn btn-secondary" onClick={() => dialog.current?.close()}>
          Закрыть
        </button>
        {measureUrl && <a className="btn btn-primary" href={measureUrl}>Открыть замер</a>}
      </div>
    </Dialog>
  );
}

/** «Сметы по видам работ», saved as soon as it is chosen; a refusal puts the choice back. */
function EstimateSplitChoice({ taskId, separate }: { taskId: number; separate: boolean }) {
  const [value, setValue] = useState<keyof typeof estimateSplitLabels>(separate ? "separate" : "combined");
  const [busy, setBusy] = useState(false);
  const id = useId();
  async function choose(next: string) {
    const chosen = next === "separate" ? "separate" : "combined";
    const before = value;
    setValue(chosen);
    setBusy(true);
    try {
      await call(client.tasks[":id"].$patch({
        param: { id: String(taskId) },
        json: { separateEstimates: chosen === "separate" },
      }));
      toast({
        title: "Сохранено",
        description: `Сметы по видам работ: ${estimateSplitLabels[chosen].toLowerCase()}`,
        variant: "success",
      });
    } catch {
      toastError("Не удалось сохранить выбор смет");
      setValue(before);
    } finally {
      setBusy(false);
    }
  }
  return (
    <SelectField
      id={id}
      label="Сметы по видам работ"
      hint="Для объекта с несколькими видами работ: замерщик увидит, какие сметы будут сделаны"
      value={value}
      onValue={choose}
      disabled={busy}
      options={Object.entries(estimateSplitLabels)}
    />
  );
}
