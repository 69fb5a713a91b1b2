// 'Полевые работы' (spec/3 §2.3): preparation (choose an object of an active task), measurement (the
// shared form) and estimate (the table, Excel, status, 'Сохранить отчет' to the chief engineers).
import { useState } from "react";
import { api } from "./api.ts";
import { toast } from "./toast.ts";
import { errorMessage } from "./form.ts";
import { focusField, MeasurementForm, sectionOfField } from "./measurement/MeasurementForm.tsx";
import { EstimateView } from "./measurement/EstimateView.tsx";
import { exportEstimate } from "./measurement/export.ts";
import { syncLabel, useMeasurementSession } from "./measurement/session.ts";
import { StatusActions } from "./estimate_status.tsx";
import type { EstimateStatus } from "../domain/estimates.ts";
import type { Role } from "../domain/roles.ts";
import { formatKopecks } from "../domain/format.ts";

export interface FieldWorkTask {
  id: number;
  objectId: number;
  title: string;
  address: string;
  workTypeLabel: string;
  clientName: string | null;
  clientPhone: string | null;
  statusLabel: string;
}

export interface FieldWorkScreenProps {
  tasks: FieldWorkTask[];
  selectedTaskId: number | null;
  role: Role;
}

type Step = "prep" | "measure" | "estimate";
const steps: { id: Step; label: string }[] = [
  { id: "prep", label: "Подготовка" },
  { id: "measure", label: "Замер" },
  { id: "estimate", label: "Смета" },
];

export default function FieldWorkScreen({ tasks, selectedTaskId, role }: FieldWorkScreenProps) {
  const [taskId, setTaskId] = useState<number | null>(
    selectedTaskId && tasks.some((t) => t.id === selectedTaskId) ? selectedTaskId : null,
  );
  const [step, setStep] = useState<Step>(taskId ? "measure" : "prep");
  const [section, setSection] = useState("main");
  const [sending, setSending] = useState(false);
  const [status, setStatus] = useState<EstimateStatus | null>(null);
  const task = tasks.find((t) => t.id === taskId) ?? null;
  const s = useMeasurementSession(
    task ? { id: task.id, objectId: task.objectId, title: task.title, address: task.address } : null,
    task !== null,
  );
  const idPrefix = "fw";

  function choose(id: number) {
    setTaskId(id);
    const url = new URL(location.href);
    url.searchParams.set("taskId", String(id));
    history.replaceState(null, "", url);
  }

  async function generate() {
    if (!task) {
      toast({ title: "Ошибка", description: "Выберите объект для работы", variant: "destructive" });
      return;
    }
    const result = await s.generate();
    if (result) {
      setStatus((result.status as EstimateStatus | undefined) ?? "draft");
      setStep("estimate");
    }
  }

  async function sendReport() {
    if (!task) return;
    setSending(true);
    try {
      await api("/api/field-work/report", {
        body: { objectId: task.objectId, estimateId: s.estimate?.id ?? null, comment: s.notes || null },
      });
      toast({ title: "Отчет отправлен", description: "Отчет отправлен главному инженеру" });
    } catch (error) {
      toast({
        title: "Ошибка",
        description: `Не удалось отправить отчет: ${errorMessage(error)}`,
        variant: "destructive",
      });
    } finally {
      setSending(false);
    }
  }

  const estimateStatus = status ?? (s.estimate?.status as EstimateStatus | undefined) ?? "draft";

  return (
    <div className="stack field-work">
      <div className="tabs" role="tablist" aria-label="Этапы">
        {steps.map((st) => (
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

      {step === "measure" && (
        !task
          ? (
            <div className="card empty">
              <p className="empty-text">Выберите объект на этапе подготовки</p>
              <button type="button" className="btn btn-secondary" onClick={() => setStep("prep")}>
                Назад
              </button>
            </div>
          )
          : (
            <div className="card stack">
              <div className="row-between">
                <div>
                  <h2 className="card-title">{task.address}</h2>
                  <p className="muted">
                    {task.clientName || "Клиент не указан"} · {task.clientPhone || "телефон не указан"}
                  </p>
                </div>
                <div className="row">
                  <span className="badge badge-info">{s.progress}%</span>
                  <span className={`sync sync-${s.sync}`}>{syncLabel(s.sync)}</span>
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    disabled={!s.config}
                    onClick={() => void s.save()}
                  >
                    Сохранить
                  </button>
                </div>
              </div>
              {s.conflict && (
                <div className="notice notice-warning conflict" role="alertdialog">
                  <div className="stack-sm">
                    <strong>На сервере есть более новые замеры</strong>
                    <p>На этом устройстве есть неотправленные изменения. Какие оставить?</p>
                    <div className="row">
                      <button
                        type="button"
                        className="btn btn-primary"
                        onClick={() => s.resolveConflict("device")}
                      >
                        Оставить с устройства
                      </button>
                      <button
                        type="button"
                        className="btn btn-secondary"
                        onClick={() => s.resolveConflict("server")}
                      >
                        Взять с сервера
                      </button>
                    </div>
                  </div>
                </div>
              )}
              {s.loadError && <p className="form-error">{s.loadError}</p>}
              {!s.config && !s.loadError && <div className="skeleton" style={{ height: 240 }} />}
              {s.config && (
                <MeasurementForm
                  config={s.config}
                  values={s.values}
                  onChange={s.setValue}
                  open={section}
                  onOpen={setSection}
                  missing={s.missing}
                  idPrefix={idPrefix}
                />
              )}
              <div className="action-bar fw-generate">
                {s.missing.length > 0 && (
                  <p className="missing-line" role="status">
                    <strong>Не заполнено:</strong> {s.missing.map((m, i) => (
                      <span key={m.field + i}>
                        {i > 0 && ", "}
                        <button
                          type="button"
                          className="link-btn"
                          onClick={() => {
                            setSection(sectionOfField(s.config?.sections ?? [], m.field) ?? "main");
                            focusField(idPrefix, m.field);
                          }}
                        >
                          {m.label}
                        </button>
                      </span>
                    ))}
                  </p>
                )}
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={!s.config || s.generating || s.missing.length > 0}
                  onClick={generate}
                >
                  {s.generating ? "Генерация сметы..." : "Сгенерировать смету"}
                </button>
              </div>
            </div>
          )
      )}

      {step === "estimate" && (
        !s.estimate || !task
          ? (
            <div className="card empty">
              <p className="empty-text">Смета не сгенерирована</p>
              <button type="button" className="btn btn-secondary" onClick={() => setStep("measure")}>
                Назад к замеру
              </button>
            </div>
          )
          : (
            <div className="card stack">
              <div className="est-head">
                <div>
                  <h2 className="card-title">{s.estimate.templateName}</h2>
                  <p className="muted">{task.address} · № {s.estimate.estimateNumber}</p>
                </div>
                <p className="est-head-total money">{formatKopecks(s.estimate.totalAmount)}</p>
              </div>
              <EstimateView estimate={s.estimate} showBadges />
              <div className="field">
                <label htmlFor="fw-comment">Комментарий к отчету</label>
                <textarea
                  id="fw-comment"
                  rows={3}
                  value={s.notes}
                  onChange={(e) => s.setNotes(e.currentTarget.value)}
                />
              </div>
              <div className="action-bar">
                <button
                  type="button"
                  className="btn btn-secondary"
                  onClick={() => void exportEstimate(s.estimate!.id)}
                >
                  Excel
                </button>
                <StatusActions
                  id={s.estimate.id}
                  status={estimateStatus}
                  role={role}
                  onChanged={setStatus}
                  size="md"
                />
                <button type="button" className="btn btn-primary" disabled={sending} onClick={sendReport}>
                  {sending ? "Отправка..." : "Сохранить отчет"}
                </button>
              </div>
            </div>
          )
      )}
    </div>
  );
}
