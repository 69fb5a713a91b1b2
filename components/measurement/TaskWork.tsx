// The one measuring screen of a task (spec/3 §2.2 and §2.3 in one): the same tree in the
// surveyor cabinet's dialog and on /field-work. One path, each step moving the task on the server:
// «Начать работу» (in_progress) → Замер (a saved measurement starts a waiting task too) → Смета →
// «Отправить инженеру» (the report completes the task). The status badge follows the server's answer.
import { useEffect, useMemo, useState } from "react";
import { api, ApiRequestError, call, client } from "../api.ts";
import { enqueueWork } from "../offline/sync.ts";
import { toast } from "../toast.ts";
import { errorMessage } from "../form.ts";
import { Icon } from "../Icon.tsx";
import { MeasurementForm, MissingLine } from "./MeasurementForm.tsx";
import { EstimateView, ruDay } from "./EstimateView.tsx";
import { PhotoReport } from "./PhotoReport.tsx";
import { exportEstimate } from "./export.ts";
import { type StoredEstimate, syncLabel, type TotalsDiffer, useMeasurementSession } from "./session.ts";
import { ConflictNotice } from "./ConflictNotice.tsx";
import { formatKopecks } from "../../domain/format.ts";
import { estimateSplitLabels, labelOf, taskStatusLabels } from "../../domain/labels.ts";
import { kindsForTask, type WorkKind, workKinds, workKindTitles } from "../../estimating/form.ts";

/** The task the surveyor works on. */
export interface WorkTask {
  id: number;
  objectId: number | null;
  title: string;
  address: string;
  /** The object's work type code (domain/enums.ts); with the task's title it picks the forms. */
  workType: string | null;
  workTypeLabel: string;
  clientName: string | null;
  clientPhone: string | null;
  /** The stored status (assigned, pending, in_progress, completed …). */
  status: string;
  /** The chief engineer's «Сметы по видам работ»: a separate estimate per work type, or one. */
  separateEstimates: boolean;
}

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

type Tab = "measure" | "photos" | "estimate" | "send";
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
  const [busy, setBusy] = useState<"" | "start" | "send">("");
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
  const estimateDate = useMemo(() => ruDay(s.estimate?.date), [s.estimate]);

  async function start() {
    setBusy("start");
    try {
      await call(
        client.tasks[":id"].$patch({ param: { id: String(task.id) }, json: { status: "in_progress" } }),
      );
      s.setTaskStatus("in_progress");
      toast({ title: "Работа начата", description: "Задача в работе" });
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 0) {
        // No signal: the start waits on the phone and goes to the server, in order, when it returns.
        await enqueueWork("status", task.id, { status: "in_progress" });
        s.setTaskStatus("in_progress");
        toast({ title: "Работа начата", description: "Нет связи: статус отправится, когда появится связь" });
        return;
      }
      toast({
        title: "Ошибка",
        description: `Не удалось начать работу: ${errorMessage(error)}`,
        variant: "destructive",
      });
    } finally {
      setBusy("");
    }
  }
  useEffect(() => {
    if (startOnOpen && waiting.has(task.status)) void start();
  }, []);

  // With several work types: one estimate with a section per work type, or one estimate per work type, as
  // the chief engineer chose on the task (the server applies the same choice to the surveyor's request).
  async function generate() {
    if (await s.generate(task.separateEstimates)) setTab("estimate");
  }

  async function sendToEngineer() {
    if (!s.estimate || !task.objectId) return;
    setBusy("send");
    try {
      // The conclusion and the last values go with the report.
      if (s.sync !== "sent" && !(await s.save(true))) return;
      const sent = await api<{ taskStatus: string | null }>("/api/field-work/report", {
        body: {
          objectId: task.objectId,
          taskId: task.id,
          estimateId: s.estimate.id,
          // With an estimate per work type, every one of them goes with the report.
          estimateIds: s.separateEstimates.map((e) => e.id),
          comment: s.notes.trim() || null,
        },
      });
      if (sent.taskStatus) s.setTaskStatus(sent.taskStatus);
      toast({
        title: "Отправлено инженеру",
        description: "Смета и отчет у главного инженера, задача выполнена",
      });
      s.forget();
    } catch (error) {
      toast({
        title: "Ошибка",
        description: `Не удалось отправить инженеру: ${errorMessage(error)}`,
        variant: "destructive",
      });
    } finally {
      setBusy("");
    }
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
              <div className="stack">
                {/* Folded: the work types of the task are usually right; one tap opens the choice. */}
                <details className="tw-kinds-box" data-testid="work-kinds">
                  <summary>
                    Виды работ: <strong>{kinds.map((k) => workKindTitles[k]).join(", ")}</strong>
                  </summary>
                  <fieldset className="tw-kinds">
                    <legend className="visually-hidden">Виды работ в смете</legend>
                    {workKinds.map((kind) => (
                      <label key={kind} className="chip-radio">
                        <input
                          type="checkbox"
                          checked={kinds.includes(kind)}
                          onChange={() => toggleKind(kind)}
                        />
                        {workKindTitles[kind]}
                      </label>
                    ))}
                  </fieldset>
                </details>
                {kinds.length > 1 && (
                  <p className="muted" data-testid="estimate-split">
                    Сметы:{" "}
                    {estimateSplitLabels[task.separateEstimates ? "separate" : "combined"].toLowerCase()}{" "}
                    (так решил главный инженер)
                  </p>
                )}
                <dl className="details object-info">
                  <dt>Тип работ</dt>
                  <dd>{task.workTypeLabel}</dd>
                  <dt>Клиент</dt>
                  <dd>{task.clientName || "Не указан"}</dd>
                  <dt>Телефон</dt>
                  <dd>
                    {task.clientPhone
                      ? <a href={`tel:${task.clientPhone.replace(/[^\d+]/g, "")}`}>{task.clientPhone}</a>
                      : "не указан"}
                  </dd>
                </dl>
                <div
                  className="progress"
                  role="progressbar"
                  aria-label="Заполнение замера"
                  aria-valuenow={s.progress}
                  aria-valuemin={0}
                  aria-valuemax={100}
                >
                  <span style={{ width: `${s.progress}%` }} />
                </div>
                <MeasurementForm
                  config={s.config}
                  values={s.values}
                  onChange={s.setValue}
                  open={section}
                  onOpen={setSection}
                  missing={s.missing}
                  unconfirmed={s.unconfirmed}
                  onConfirm={s.confirm}
                  idPrefix={idPrefix}
                />
              </div>
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

            {s.config && tab === "estimate" && (
              s.estimate
                ? (
                  <div className="stack">
                    <div className="est-head">
                      <div>
                        <h3>{s.estimate.templateName}</h3>
                        <p className="muted" data-testid="estimate-number">
                          {estimateLabel(s.estimate)}
                          {estimateDate &&
                            (s.estimate.onDevice ? ` · ${estimateDate}` : ` от ${estimateDate}`)}
                        </p>
                      </div>
                      <p className="est-head-total money">{formatKopecks(s.estimate.totalAmount)}</p>
                    </div>
                    <OfflineEstimateNotes estimate={s.estimate} differ={s.totalsDiffer} />
                    {s.separateEstimates.length > 1 && (
                      <ul className="report-status" data-testid="separate-estimates">
                        {s.separateEstimates.map((e) => (
                          <li key={e.id}>
                            <a href={`/estimates/${e.id}`}>{e.templateName ?? `№ ${e.estimateNumber}`}</a>
                            <span className="money">{formatKopecks(e.totalAmount)}</span>
                          </li>
                        ))}
                      </ul>
                    )}
                    <EstimateView estimate={s.estimate} />
                  </div>
                )
                : (
                  <div className="empty">
                    <p className="empty-text">Сметы пока нет</p>
                    <p className="muted">
                      Заполните замер и подтвердите значения по умолчанию, затем нажмите «Рассчитать смету».
                    </p>
                  </div>
                )
            )}

            {s.config && tab === "send" && (
              <div className="stack">
                <ul className="report-status">
                  <li>
                    <span>Замер</span>
                    <span className={`badge badge-${s.missing.length === 0 ? "success" : "warning"}`}>
                      {s.missing.length === 0 ? "Заполнен" : `Заполнено ${s.progress}%`}
                    </span>
                  </li>
                  <li>
                    <span>Смета</span>
                    <span className={`badge badge-${s.estimate ? "success" : "neutral"}`}>
                      {s.estimate ? estimateLabel(s.estimate) : "Нет"}
                    </span>
                  </li>
                  <li>
                    <span>Фото</span>
                    <span className="badge badge-neutral">{s.photos.length}</span>
                  </li>
                </ul>
                <div className="field">
                  <label htmlFor={`${idPrefix}-conclusion`}>Заключение для инженера</label>
                  <textarea
                    id={`${idPrefix}-conclusion`}
                    rows={4}
                    value={s.notes}
                    placeholder="Что сделано, что согласовано с клиентом, на что обратить внимание"
                    onChange={(e) => s.setNotes(e.currentTarget.value)}
                  />
                </div>
                <p className="muted">
                  {s.estimate
                    ? "Главный инженер получит смету и заключение, задача станет выполненной."
                    : "Сначала рассчитайте смету: без нее отправить нельзя."}
                </p>
              </div>
            )}
          </div>

          <div className="action-bar tw-foot">
            {tab === "measure" && s.config && (
              <>
                <MissingLine
                  config={s.config}
                  missing={s.missing}
                  unconfirmed={s.unconfirmed}
                  idPrefix={idPrefix}
                  onOpen={setSection}
                />
                <button
                  type="button"
                  className="btn btn-primary btn-lg"
                  disabled={s.generating || s.missing.length > 0}
                  onClick={generate}
                >
                  {s.generating ? "Расчет сметы..." : "Рассчитать смету"}
                </button>
              </>
            )}
            {tab === "photos" && (
              <button
                type="button"
                className="btn btn-secondary btn-lg"
                onClick={() => setTab("estimate")}
              >
                Далее: смета
              </button>
            )}
            {tab === "estimate" && (
              s.estimate && !s.estimate.onDevice
                ? (
                  <>
                    <button
                      type="button"
                      className="btn btn-secondary btn-lg"
                      onClick={() => void exportEstimate(s.estimate!.id)}
                    >
                      <Icon name="download" />
                      Excel
                    </button>
                    <a className="btn btn-secondary btn-lg" href={`/estimates/${s.estimate.id}?contract=1`}>
                      Заключение договора
                    </a>
                    <button type="button" className="btn btn-primary btn-lg" onClick={() => setTab("send")}>
                      Далее: отправить инженеру
                    </button>
                  </>
                )
                : (
                  <button
                    type="button"
                    className="btn btn-secondary btn-lg"
                    onClick={() => setTab("measure")}
                  >
                    К замеру
                  </button>
                )
            )}
            {tab === "send" && (
              <button
                type="button"
                className="btn btn-primary btn-lg"
                disabled={!s.estimate || s.estimate.onDevice || busy === "send"}
                onClick={sendToEngineer}
              >
                {busy === "send" ? "Отправка..." : "Отправить инженеру"}
              </button>
            )}
          </div>
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

/** The server numbers estimates, so one priced on the phone has no number until it syncs
 * (the engine's own «СМ-…» would be a number no document will carry). */
export const PROVISIONAL_NUMBER = "черновик, номер будет присвоен при синхронизации";
const estimateLabel = (e: StoredEstimate) => e.onDevice ? PROVISIONAL_NUMBER : `№ ${e.estimateNumber}`;

/**
 * An estimate priced on the phone says it is not saved yet; the server's estimate that replaced it
 * says so when its total differs, and why.
 */
function OfflineEstimateNotes(
  { estimate, differ }: { estimate: StoredEstimate; differ: TotalsDiffer | null },
) {
  if (estimate.onDevice) {
    return (
      <p className="notice notice-warning on-device-mark" data-testid="on-device">
        Рассчитано на устройстве, не сохранено: смета отправится на сервер, когда появится связь.
      </p>
    );
  }
  if (!differ) return null;
  return (
    <div className="notice notice-info totals-differ" data-testid="totals-differ">
      <p>
        Итог на сервере <strong className="money">{formatKopecks(differ.server)}</strong>, на устройстве был
        {" "}
        <strong className="money">{formatKopecks(differ.device)}</strong>.
      </p>
      <p className="muted">
        Пока не было связи, прайс-лист компании изменился: сервер посчитал по действующим ценам. Действует
        смета сервера.
      </p>
    </div>
  );
}

/** A task whose work has no measurement form yet: says so and offers a manual estimate. */
function OtherWork({ task }: { task: WorkTask }) {
  return (
    <div className="empty tw-other">
      <p className="empty-text">Для работ «{task.workTypeLabel}» формы замера пока нет</p>
      <p className="muted">
        Форма замера рассчитывает скважины, водопровод, дренаж, канализацию и станции. Составьте смету вручную
        по прайс-листу компании.
      </p>
      {task.objectId && (
        <a className="btn btn-primary" href={`/estimates?objectId=${task.objectId}`}>
          Составить смету по прайс-листу
        </a>
      )}
    </div>
  );
}
