// The field-work screen's measurement and estimate steps (spec/3 §2.3), loaded when the screen needs them
// (FieldWorkScreen.tsx keeps the steps' tabs and the preparation): the shared form, then the estimate
// table, Excel, status and 'Сохранить отчет' to the chief engineers.
import { useState } from "react";
import { api } from "../../components/api.ts";
import { toast } from "../../components/toast.ts";
import { errorMessage } from "../../components/form.ts";
import { MeasurementForm, MissingLine } from "../../components/measurement/MeasurementForm.tsx";
import { EstimateView } from "../../components/measurement/EstimateView.tsx";
import { exportEstimate } from "../../components/measurement/export.ts";
import { syncLabel, useMeasurementSession } from "../../components/measurement/session.ts";
import { StatusActions } from "../../components/EstimateStatusActions.tsx";
import type { EstimateStatus } from "../../domain/estimates.ts";
import { formatKopecks } from "../../domain/format.ts";
import type { Role } from "../../domain/roles.ts";
import { ConflictNotice } from "../../components/measurement/ConflictNotice.tsx";

/** A task of the screen: an object to measure. */
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

export type Step = "prep" | "measure" | "estimate";

/** The measurement and estimate steps' props. */
export interface FieldWorkStepsProps {
  task: FieldWorkTask | null;
  step: Step;
  setStep: (step: Step) => void;
  role: Role;
}

export default function FieldWorkSteps({ task, step, setStep, role }: FieldWorkStepsProps) {
  const [section, setSection] = useState("main");
  const [sending, setSending] = useState(false);
  const [status, setStatus] = useState<EstimateStatus | null>(null);
  const s = useMeasurementSession(
    task ? { id: task.id, objectId: task.objectId, title: task.title, address: task.address } : null,
    task !== null,
  );
  const idPrefix = "fw";

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
    <>
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
              <ConflictNotice session={s} />
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
                <MissingLine config={s.config} missing={s.missing} idPrefix={idPrefix} onOpen={setSection} />
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
                <a className="btn btn-secondary" href={`/estimates/${s.estimate.id}?contract=1`}>
                  Заключение договора
                </a>
                <button type="button" className="btn btn-primary" disabled={sending} onClick={sendReport}>
                  {sending ? "Отправка..." : "Сохранить отчет"}
                </button>
              </div>
            </div>
          )
      )}
    </>
  );
}
