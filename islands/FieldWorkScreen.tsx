// 'Полевые работы' (the estimating spec's «Field-work screen»): choose the object of an active task, then the
// task's one measuring screen (the same as in the surveyor cabinet: Замер, Фото, Смета, Инженеру). The
// measuring part (FieldWorkScreen/FieldWorkSteps.tsx) is a chunk of its own, loaded when a task is chosen (on
// intent: pointer, finger or focus on a choice) or is chosen already by the address.
import { Suspense, useEffect, useState } from "react";
import { lazyPart } from "../components/lazy.ts";
import type { FieldWorkStepsProps, FieldWorkTask } from "./FieldWorkScreen/FieldWorkSteps.tsx";

export interface FieldWorkScreenProps {
  tasks: FieldWorkTask[];
  selectedTaskId: number | null;
}

const steps = lazyPart(() => import("./FieldWorkScreen/FieldWorkSteps.tsx"), Unavailable);

export default function FieldWorkScreen({ tasks, selectedTaskId }: FieldWorkScreenProps) {
  const [taskId, setTaskId] = useState<number | null>(
    selectedTaskId && tasks.some((t) => t.id === selectedTaskId) ? selectedTaskId : null,
  );
  // The measuring chunk is loaded in the browser only (the server renders the placeholder).
  const [client, setClient] = useState(false);
  const task = tasks.find((t) => t.id === taskId) ?? null;
  const Steps = steps.component();

  useEffect(() => setClient(true), []);

  function choose(id: number | null) {
    setTaskId(id);
    const url = new URL(location.href);
    if (id) url.searchParams.set("taskId", String(id));
    else url.searchParams.delete("taskId");
    history.replaceState(null, "", url);
  }

  const loading = (
    <div className="card">
      <div className="skeleton" style={{ height: 240 }} aria-label="Загрузка" />
    </div>
  );

  if (tasks.length === 0) {
    return (
      <div className="card empty">
        <p className="empty-text">Нет объектов для работы</p>
        <p className="muted">Объекты для выезда назначает главный инженер.</p>
        <div className="row">
          <a className="btn btn-secondary" href="/tasks">К задачам</a>
          <a className="btn btn-secondary" href="/objects">К объектам</a>
        </div>
      </div>
    );
  }

  return (
    <div className="stack field-work">
      {task
        ? (
          <div className="field fw-switch">
            <label htmlFor="fw-task">Объект</label>
            <select
              id="fw-task"
              value={String(task.id)}
              onChange={(e) => choose(Number(e.currentTarget.value) || null)}
            >
              {tasks.map((t) => <option key={t.id} value={t.id}>{t.address} · {t.title}</option>)}
            </select>
          </div>
        )
        : (
          <div className="card stack">
            <h2 className="card-title">Выберите объект</h2>
            <p className="muted">Объекты ваших задач, назначенных главным инженером и взятых в работу.</p>
            <ul className="fw-choice">
              {tasks.map((t) => (
                <li key={t.id}>
                  <button
                    type="button"
                    className="fw-choice-item"
                    onClick={() => choose(t.id)}
                    {...steps.intent}
                  >
                    <strong>{t.address}</strong>
                    <span className="muted">{t.title} · {t.workTypeLabel} · {t.statusLabel}</span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}

      {task && (client
        ? (
          <Suspense fallback={loading}>
            <Steps task={task} />
          </Suspense>
        )
        : loading)}
    </div>
  );
}

function Unavailable(_: FieldWorkStepsProps) {
  return (
    <div className="card">
      <p className="form-error" role="alert">
        Нет связи с сервером: форма замера не загружена. Проверьте подключение и откройте объект снова.
      </p>
    </div>
  );
}
