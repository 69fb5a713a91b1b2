// The site-work dialog's content (spec/3 §2.2), loaded when the dialog opens (SiteWorkDialog.tsx keeps the
// button and the <dialog>): title, progress badge, Save, tabs Замеры / Фотоотчет / Смета / Отчет.
import { useMemo, useState } from "react";
import { api } from "../../components/api.ts";
import { DialogHead } from "../../components/Dialog.tsx";
import { toast } from "../../components/toast.ts";
import { MeasurementForm, MissingLine } from "../../components/measurement/MeasurementForm.tsx";
import { EstimateView, ruDay } from "../../components/measurement/EstimateView.tsx";
import { PhotoReport } from "../../components/measurement/PhotoReport.tsx";
import { exportEstimate } from "../../components/measurement/export.ts";
import { syncLabel, useMeasurementSession } from "../../components/measurement/session.ts";
import { formatKopecks } from "../../domain/format.ts";
import { ConflictNotice } from "../../components/measurement/ConflictNotice.tsx";
import { Icon } from "../../components/Icon.tsx";

/** The task the surveyor works on. */
export interface SiteWorkTask {
  id: number;
  objectId: number | null;
  title: string;
  address: string;
  workTypeLabel: string;
  clientName: string | null;
  clientPhone: string | null;
}

/** The dialog content's props: the task and closing the dialog. */
export interface SiteWorkProps {
  task: SiteWorkTask;
  close: () => void;
}

type Tab = "measure" | "photos" | "estimate" | "report";
const tabs: { id: Tab; label: string }[] = [
  { id: "measure", label: "Замеры" },
  { id: "photos", label: "Фотоотчет" },
  { id: "estimate", label: "Смета" },
  { id: "report", label: "Отчет" },
];

export default function SiteWork({ task, close }: SiteWorkProps) {
  const [tab, setTab] = useState<Tab>("measure");
  const [section, setSection] = useState("main");
  const [completing, setCompleting] = useState(false);
  const s = useMeasurementSession(
    { id: task.id, objectId: task.objectId, title: task.title, address: task.address },
    true,
  );
  const idPrefix = `sw${task.id}`;

  async function generate() {
    const result = await s.generate();
    if (result) setTab("estimate");
  }

  async function complete() {
    if (!s.estimate) return;
    setCompleting(true);
    try {
      const text = s.notes.trim();
      await api(`/api/tasks/${task.id}`, {
        method: "PATCH",
        body: text ? { status: "completed", description: text } : { status: "completed" },
      });
      toast({ title: "Успешно", description: "Статус задачи обновлен" });
      s.setNotes("");
      s.forget();
      close();
      setTimeout(() => location.reload(), 600);
    } catch {
      toast({ title: "Ошибка", description: "Не удалось обновить задачу", variant: "destructive" });
    } finally {
      setCompleting(false);
    }
  }

  const estimateDate = useMemo(() => ruDay(s.estimate?.date), [s.estimate]);

  return (
    <>
      <DialogHead
        className="site-head"
        title={`Замер септика: ${task.address}`}
        titleId={`${idPrefix}-title`}
        onClose={close}
        subtitle={
          <div className="site-status">
            <span className="badge badge-info" aria-label={`Заполнено ${s.progress}%`}>{s.progress}%</span>
            <span className={`sync sync-${s.sync}`} data-testid="sync-state">{syncLabel(s.sync)}</span>
          </div>
        }
      >
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={!s.config || s.sync === "sending"}
          onClick={() => void s.save()}
        >
          Сохранить
        </button>
      </DialogHead>
      <div className="tabs site-tabs" role="tablist">
        {tabs.map((t) => (
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
            {t.label}
          </button>
        ))}
      </div>

      <div
        className="dialog-body site-body"
        id={`${idPrefix}-panel`}
        role="tabpanel"
        aria-labelledby={`${idPrefix}-tab-${tab}`}
      >
        <ConflictNotice session={s} />
        {s.loadError && <p className="form-error">{s.loadError}</p>}
        {!s.config && !s.loadError && <div className="skeleton" style={{ height: 240 }} />}

        {s.config && tab === "measure" && (
          <div className="stack">
            <dl className="details object-info">
              <dt>Адрес</dt>
              <dd>{task.address}</dd>
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
            <div className="form-title">
              <h3>Профессиональная смета по прайсу СГБО</h3>
              <div
                className="progress"
                role="progressbar"
                aria-label="Заполнение обязательных полей"
                aria-valuenow={s.progress}
                aria-valuemin={0}
                aria-valuemax={100}
              >
                <span style={{ width: `${s.progress}%` }} />
              </div>
            </div>
            <MeasurementForm
              config={s.config}
              values={s.values}
              onChange={s.setValue}
              open={section}
              onOpen={setSection}
              missing={s.missing}
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
                    <p className="muted">
                      № {s.estimate.estimateNumber}
                      {estimateDate && ` от ${estimateDate}`}
                    </p>
                  </div>
                  <p className="est-head-total money">{formatKopecks(s.estimate.totalAmount)}</p>
                </div>
                <EstimateView estimate={s.estimate} />
              </div>
            )
            : (
              <div className="empty">
                <p className="empty-text">Смета не сгенерирована</p>
                <p className="muted">
                  Для генерации заполните обязательные поля: Модель септика, Количество проживающих, Глубина
                  установки.
                </p>
                <button type="button" className="btn btn-secondary" onClick={() => setTab("measure")}>
                  К замерам
                </button>
              </div>
            )
        )}

        {s.config && tab === "report" && (
          <div className="stack">
            <h3>Статус выполнения</h3>
            <ul className="report-status">
              <li>
                <span>Замеры</span>
                <span className={`badge badge-${s.progress === 100 ? "success" : "warning"}`}>
                  {s.progress}%
                </span>
              </li>
              <li>
                <span>Смета подготовлена</span>
                <span className={`badge badge-${s.estimate ? "success" : "neutral"}`}>
                  {s.estimate ? "Да" : "Нет"}
                </span>
              </li>
              <li>
                <span>Фотоотчет</span>
                <span className="badge badge-neutral">{s.photos.length} фото</span>
              </li>
            </ul>
            <div className="field">
              <label htmlFor={`${idPrefix}-conclusion`}>Заключение замерщика</label>
              <textarea
                id={`${idPrefix}-conclusion`}
                rows={5}
                value={s.notes}
                placeholder="Что сделано, что согласовано с клиентом, на что обратить внимание"
                onChange={(e) => s.setNotes(e.currentTarget.value)}
              />
            </div>
            {!s.estimate && <p className="muted">Чтобы завершить задачу, сгенерируйте смету.</p>}
          </div>
        )}
      </div>

      <div className="dialog-foot site-foot">
        {tab === "measure" && s.config && (
          <>
            <MissingLine
              config={s.config}
              missing={s.missing}
              idPrefix={idPrefix}
              onOpen={(section) => {
                setTab("measure");
                setSection(section);
              }}
            />
            <button
              type="button"
              className="btn btn-primary btn-lg"
              disabled={s.generating || s.missing.length > 0}
              onClick={generate}
            >
              {s.generating ? "Генерация сметы..." : "Сгенерировать профессиональную смету"}
            </button>
          </>
        )}
        {tab === "photos" && (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => setTab("estimate")}
          >
            Далее: смета
          </button>
        )}
        {tab === "estimate" && (
          s.estimate
            ? (
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => void exportEstimate(s.estimate!.id)}
              >
                <Icon name="download" />
                Excel
              </button>
            )
            : (
              <button type="button" className="btn btn-secondary" onClick={() => setTab("measure")}>
                К замерам
              </button>
            )
        )}
        {tab === "report" && (
          <>
            <button type="button" className="btn btn-secondary" onClick={close}>Закрыть</button>
            <button
              type="button"
              className="btn btn-success"
              disabled={!s.estimate || completing}
              onClick={complete}
            >
              {completing ? "Сохранение..." : "Завершить задачу"}
            </button>
          </>
        )}
      </div>
    </>
  );
}
