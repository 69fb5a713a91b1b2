// The one measuring screen of a task (spec/3 §2.2 and §2.3 in one): the same tree in the
// surveyor cabinet's dialog and on /field-work. One path, each step moving the task on the server:
// «Начать работу» (in_progress) → Замер (a saved measurement starts a waiting task too) → Смета →
// «Отправить инженеру» (the report completes the task). The status badge follows the server's answer.
import { useEffect, useState } from "react";
import { Icon } from "../Icon.tsx";
import { PhotoReport } from "./PhotoReport.tsx";
import { syncLabel, useMeasurementSession } from "./session.ts";
import { ConflictNotice } from "./ConflictNotice.tsx";
import { MeasureTab } from "./MeasureTab.tsx";
import { EstimateTab } from "./EstimateTab.tsx";
import { SendTab } from "./SendTab.tsx";
import { OtherWork } from "./OtherWork.tsx";
import { type Tab, TaskWorkActions } from "./TaskWorkActions.tsx";
import { useTaskSteps } from "./use_task_steps.ts";
import type { WorkTask } from "./work_task.ts";
import { labelOf, taskStatusLabels } from "../../domain/labels.ts";
import { kindsForTask, type WorkKind, workKinds } from "../../estimating/form.ts";

export type { WorkTask } from "./work_task.ts";

export interface TaskWorkProps {
  task: WorkTask;
  /** Prefix of the ids inside (unique per screen on the page). */
  idPrefix: string;
  /** Sets the task in progress as the screen opens (the cabinet's «Начать работу»). */
  startOnOpen?: boolean;
  /** The dialog's close; absent on /field-work. */
  close?: () => void;
  /** The task's status moved on the server (the page around may show it). */
  onStatus?: (status: string) => void;
}

const tabs: { id: Tab; label: string }[] = [
  { id: "measure", label: "Замер" },
  { id: "photos", label: "Фото" },
  { id: "estimate", label: "Смета" },
  { id: "send", label: "Инженеру" },
];

const waiting = new Set(["assigned", "pending"]);

export function TaskWork({ task, idPrefix, startOnOpen = false, close, onStatus }: TaskWorkProps) {
  // The forms of the task's work types; the surveyor adds or removes the ones that apply on the site.
  const [kinds, setKinds] = useState<WorkKind[]>(() => kindsForTask(task.title, task.workType));
  const septic = kinds.length > 0;
  const [tab, setTab] = useState<Tab>("measure");
  const [section, setSection] = useState(() => firstSection(kinds));
  const s = useMeasurementSession(
    { id: task.id, objectId: task.objectId, title: task.title, address: task.address, status: task.status },
    septic,
    kinds,
  );
  const toggleKind = (kind: WorkKind) => {
    const next = kinds.includes(kind) ? kinds.filter((k) => k !== kind) : [...kinds, kind];
    if (next.length === 0) return;
    const ordered = workKinds.filter((k) => next.includes(k));
    setKinds(ordered);
    setSection(firstSection(ordered));
  };
  const status = s.taskStatus;
  useEffect(() => {
    if (status !== task.status) onStatus?.(status);
  }, [status]);
  const { busy, start, sendToEngineer } = useTaskSteps(task, s);
  useEffect(() => {
    if (startOnOpen && waiting.has(task.status)) void start();
  }, []);

  // With several work types: one estimate with a section per work type, or one estimate per work type, as
  // the chief engineer chose on the task (the server applies the same choice to the surveyor's request).
  async function generate() {
    if (await s.generate(task.separateEstimates)) setTab("estimate");
  }

  const statusLabel = labelOf(taskStatusLabels, status);
  const statusTone = taskStatusLabels[status as keyof typeof taskStatusLabels]?.tone ?? "neutral";

  return (
    <div className="task-work">
      <header className="tw-head">
        <h2 className="tw-title" id={`${idPrefix}-title`}>Замер: {task.address}</h2>
        <div className="tw-head-actions">
          {septic && (
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              disabled={!s.config || s.sync === "sending"}
              onClick={() => void s.save()}
            >
              Сохранить
            </button>
          )}
          {close && (
            <button type="button" className="icon-btn" aria-label="Закрыть" onClick={close}>
              <Icon name="close" />
            </button>
          )}
        </div>
        <div className="tw-status">
          <span className={`badge badge-${statusTone}`} data-testid="task-status">{statusLabel}</span>
          {septic && <span className="badge badge-info">Заполнено {s.progress}%</span>}
          {septic && (
            <span className={`sync sync-${s.sync}`} data-testid="sync-state">{syncLabel(s.sync)}</span>
          )}
        </div>
      </header>

      {waiting.has(status) && (
        <div className="notice notice-info tw-start">
          <span>Работа по задаче не начата.</span>
          <button type="button" className="btn btn-primary" disabled={busy === "start"} onClick={start}>
            {busy === "start" ? "Запуск..." : "Начать работу"}
          </button>
        </div>
      )}

      {!septic ? <OtherWork task={task} /> : (
        <>
          <div className="tabs tw-tabs" role="tablist" aria-label="Этапы работы">
            {tabs.map((t, i) => (
              <button
                key={t.id}
                type="button"
                role="tab"
                className="tab"
                id={`${idPrefix}-tab-${t.id}`}
                aria-selected={tab === t.id}
                aria-controls={`${idPrefix}-panel`}
                onClick={() => setTab(t.id)}
              >
                <span className="tw-step">{i + 1}</span> {t.label}
              </button>
            ))}
          </div>

          <div
            className="tw-body"
            id={`${idPrefix}-panel`}
            role="tabpanel"
            aria-labelledby={`${idPrefix}-tab-${tab}`}
          >
            <ConflictNotice session={s} />
            {s.loadError && <p className="form-error">{s.loadError}</p>}
            {!s.config && !s.loadError && <div className="skeleton" style={{ height: 240 }} />}

            {s.config && tab === "measure" && (
              <MeasureTab
                task={task}
                session={s}
                config={s.config}
                kinds={kinds}
                onToggleKind={toggleKind}
                section={section}
                onSection={setSection}
                idPrefix={idPrefix}
              />
            )}

            {s.config && tab === "photos" && (
              <PhotoReport
                objectId={task.objectId}
                taskId={task.id}
                photos={s.photos}
                onChange={s.setPhotos}
                idPrefix={idPrefix}
              />
            )}

            {s.config && tab === "estimate" && <EstimateTab session={s} />}
            {s.config && tab === "send" && <SendTab session={s} idPrefix={idPrefix} />}
          </div>

          <TaskWorkActions
            tab={tab}
            session={s}
            idPrefix={idPrefix}
            onTab={setTab}
            onSection={setSection}
            onGenerate={generate}
            onSend={sendToEngineer}
            sending={busy === "send"}
          />
        </>
      )}
    </div>
  );
}

/** The section a form of these work types opens on. */
function firstSection(kinds: readonly WorkKind[]): string {
  const first = kinds[0];
  if (first === undefined || first === "septic" || kinds.includes("septic")) return "main";
  return workSectionIds[first];
}

const workSectionIds: Record<Exclude<WorkKind, "septic">, string> = {
  well: "well_drilling",
  water_supply: "water_supply",
  drainage: "drainage",
  sewage: "sewage",
};
