// 'Полевые работы' (spec/3 §2.3): preparation (choose an object of an active task), measurement (the
// shared form) and estimate (the table, Excel, status, 'Сохранить отчет' to the chief engineers). The
// measurement and estimate steps (FieldWorkScreen/FieldWorkSteps.tsx) are a chunk of their own, loaded when a
// task is chosen or a step opens, and once the page is idle.
import { Suspense, useEffect, useState } from "react";
import { lazyPart, whenIdle } from "../components/lazy.ts";
import type { Role } from "../domain/roles.ts";
import type { FieldWorkStepsProps, FieldWorkTask, Step } from "./FieldWorkScreen/FieldWorkSteps.tsx";

export interface FieldWorkScreenProps {
  tasks: FieldWorkTask[];
  selectedTaskId: number | null;
  role: Role;
}

const stepTabs: { id: Step; label: string }[] = [
  { id: "prep", label: "Подготовка" },
  { id: "measure", label: "Замер" },
  { id: "estimate", label: "Смета" },
];

const steps = lazyPart(() => import("./FieldWorkScreen/FieldWorkSteps.tsx"), Unavailable);

export default function FieldWorkScreen({ tasks, selectedTaskId, role }: FieldWorkScreenProps) {
  const [taskId, setTaskId] = useState<number | null>(
    selectedTaskId && tasks.some((t) => t.id === selectedTaskId) ? selectedTaskId : null,
  );
  const [step, setStep] = useState<Step>(taskId ? "measure" : "prep");
  // The steps' chunk is loaded in the browser only (the server renders the placeholder).
  const [client, setClient] = useState(false);
  const task = tasks.find((t) => t.id === taskId) ?? null;
  const Steps = steps.component();

  useEffect(() => {
    setClient(true);
    whenIdle(steps.preload);
  }, []);

  function choose(id: number) {
    setTaskId(id);
    const url = new URL(location.href);
    url.searchParams.set("taskId", String(id));
    history.replaceState(null, "", url);
  }

  const loading = step === "prep" ? null : (
    <div className="card">
      <div className="skeleton" style={{ height: 240 }} aria-label="Загрузка" />
    </div>
  );

  return (
    <div className="stack field-work">
      <div className="tabs" role="tablist" aria-label="Этапы">
        {stepTabs.map((st) => (
          <button
            key={st.id}
            type="button"
            role="tab"
            className="tab"
            aria-selected={step === st.id}
            onClick={() => setStep(st.id)}
          >
            {st.label}
          </button>
        ))}
      </div>

      {step === "prep" && (
        <div className="card stack">
          <h2 className="card-title">Выберите объект</h2>
          <p className="muted">
            Объекты для выезда назначает главный инженер: здесь объекты ваших задач в работе.
          </p>
          {tasks.length === 0
            ? (
              <div className="empty">
                <p className="empty-text">Нет объектов для работы</p>
                <div className="row">
                  <a className="btn btn-secondary" href="/tasks">К задачам</a>
                  <a className="btn btn-secondary" href="/objects">К объектам</a>
                </div>
              </div>
            )
            : (
              <fieldset className="fw-choice">
                <legend className="visually-hidden">Объект</legend>
                {tasks.map((t) => (
                  <label key={t.id}>
                    <input
                      type="radio"
                      name="fw-task"
                      checked={taskId === t.id}
                      onChange={() => choose(t.id)}
                    />
                    <span className="stack-sm">
                      <strong>{t.address}</strong>
                      <span className="muted">{t.title} · {t.workTypeLabel} · {t.statusLabel}</span>
                    </span>
                  </label>
                ))}
              </fieldset>
            )}
          <div className="action-bar">
            <button
              type="button"
              className="btn btn-primary"
              disabled={!task}
              onClick={() => setStep("measure")}
            >
              Перейти к замеру
            </button>
          </div>
        </div>
      )}

      {(task || step !== "prep") && (
        client
          ? (
            <Suspense fallback={loading}>
              <Steps task={task} step={step} setStep={setStep} role={role} />
            </Suspense>
          )
          : loading
      )}
    </div>
  );
}

function Unavailable({ step }: FieldWorkStepsProps) {
  return step === "prep" ? null : (
    <div className="card">
      <p className="form-error" role="alert">
        Нет связи с сервером: форма замера не загружена. Проверьте подключение и откройте этап снова.
      </p>
    </div>
  );
}
