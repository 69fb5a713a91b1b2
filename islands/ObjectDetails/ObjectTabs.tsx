// The object detail dialog's body (loaded when it opens): tabs details, videos (upload, grid, play
// dialog, download) and documents (list, upload, download, view).
import { PhoneLink } from "../../components/PhoneLink.tsx";
import { ContractSummary } from "./ContractSummary.tsx";
import { ActSummary } from "./ActSummary.tsx";
import { JobChangesPanel } from "../../components/JobChangesPanel.tsx";
import { StatusOverride } from "./StatusOverride.tsx";
import { ClientMessages } from "./ClientMessages.tsx";
import { type FormEvent, useId, useRef, useState } from "react";
import type { ObjectJson } from "../../domain/objects.ts";
import type { DocumentJson, VideoJson } from "../../domain/documents.ts";
import { labelOf, taskStatusLabels, workTypeLabels } from "../../domain/labels.ts";
import { formatDateTime, formatKopecks, personName } from "../../domain/format.ts";
import { formatMkadDistance } from "../../domain/geo.ts";
import { Icon } from "../../components/Icon.tsx";
import { Field, TextField } from "../../components/Field.tsx";
import { Dialog, DialogHead } from "../../components/Dialog.tsx";
import { call, client } from "../../components/api.ts";
import { errorMessage } from "../../components/form.ts";
import { toast, toastError } from "../../components/toast.ts";
import {
  DeleteFileButton,
  DocumentCard,
  DocumentUploadForm,
  DownloadLink,
  FileMeta,
  UploadProgress,
  uploadWithProgress,
  VIDEO_MAX_BYTES,
} from "../../components/Documents.tsx";
import ServicePanel, { EquipmentDocuments } from "./ServicePanel.tsx";
import { type VisitReportLink, VisitReports } from "./VisitReports.tsx";

import { ClosingDocuments } from "./ClosingDocuments.tsx";

export interface ObjectTabsProps {
  object: ObjectJson;
  canEdit: boolean;
  /** May set the status by hand (chief engineer, administrators). */
  canOverride?: boolean;
  userId: number;
  /** Administrators delete anyone's documents; editors anyone's videos. */
  isAdmin: boolean;
}

type Tab = "details" | "videos" | "documents" | "service";

const money = (
  roubles: number | null,
) => (roubles === null ? "Не указана" : formatKopecks(Math.round(roubles * 100)));

/** The tabs of one object; a fresh set (details first, lists loaded on demand) for every opening. */
export default function ObjectTabs({ object, canEdit, canOverride, userId, isAdmin }: ObjectTabsProps) {
  const id = useId();
  const player = useRef<HTMLDialogElement>(null);
  const [tab, setTab] = useState<Tab>("details");
  const [videos, setVideos] = useState<VideoJson[] | null>(null);
  const [documents, setDocuments] = useState<DocumentJson[] | null>(null);
  const [equipment, setEquipment] = useState<Parameters<typeof EquipmentDocuments>[0]["equipment"]>([]);
  const [reports, setReports] = useState<VisitReportLink[]>([]);
  const [playing, setPlaying] = useState<VideoJson | null>(null);

  async function openTab(next: Tab) {
    setTab(next);
    try {
      if (next === "videos" && videos === null) {
        setVideos(
          await call(client.objects[":id{[0-9]+}"].videos.$get({ param: { id: String(object.id) } })),
        );
      }
      if (next === "documents" && documents === null) {
        const [docs, service] = await Promise.all([
          call(client.objects[":id{[0-9]+}"].documents.$get({ param: { id: String(object.id) } })),
          call(client.service.objects[":objectId"].$get({ param: { objectId: String(object.id) } })),
        ]);
        setEquipment(service.equipment);
        setReports(service.reports);
        setDocuments(docs);
      }
    } catch (err) {
      toastError(errorMessage(err));
    }
  }

  async function deleteDocument(doc: DocumentJson) {
    if (!confirm(`Удалить документ «${doc.fileName}»?`)) return;
    try {
      await call(client.documents[":id{[0-9]+}"].$delete({ param: { id: String(doc.id) } }));
      setDocuments((list) => list?.filter((d) => d.id !== doc.id) ?? null);
      toast({ title: "Документ удален", variant: "success" });
    } catch (err) {
      toastError(`Не удалось удалить документ: ${errorMessage(err)}`);
    }
  }

  async function deleteVideo(v: VideoJson) {
    if (!confirm(`Удалить видео «${v.fileName}»?`)) return;
    try {
      await call(client.videos[":id{[0-9]+}"].$delete({ param: { id: String(v.id) } }));
      setVideos((list) => list?.filter((x) => x.id !== v.id) ?? null);
      toast({ title: "Видео удалено", variant: "success" });
    } catch (err) {
      toastError(`Не удалось удалить видео: ${errorMessage(err)}`);
    }
  }

  function play(v: VideoJson) {
    setPlaying(v);
    player.current?.showModal();
  }

  const tabs: Array<[Tab, string]> = [
    ["details", "Детали"],
    ["videos", "Видео"],
    ["documents", "Документы"],
    ["service", "Оборудование"],
  ];

  return (
    <>
      <div className="tabs" role="tablist" aria-label="Разделы объекта">
        {tabs.map(([key, label]) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`${id}-tab-${key}`}
            aria-controls={`${id}-panel-${key}`}
            aria-selected={tab === key}
            className="tab"
            onClick={() => openTab(key)}
          >
            {label}
          </button>
        ))}
      </div>
      <section role="tabpanel" id={`${id}-panel-${tab}`} aria-labelledby={`${id}-tab-${tab}`}>
        {tab === "details" && <Details object={object} canEdit={canEdit} canOverride={canOverride} />}
        {tab === "videos" && (
          <Videos
            objectId={object.id}
            videos={videos}
            canDeleteAny={isAdmin || canEdit}
            userId={userId}
            onUploaded={(v) => setVideos((list) => [v, ...(list ?? [])])}
            onPlay={play}
            onDelete={deleteVideo}
          />
        )}
        {tab === "service" && <ServicePanel objectId={object.id} canEdit={canEdit} />}
        {tab === "documents" && (
          <div className="stack-lg">
            {equipment.length > 0 && <EquipmentDocuments equipment={equipment} base="/api/service" />}
            <VisitReports reports={reports} />
            <ActSummary objectId={object.id} onChanged={() => {}} listOnly />
            <ClosingDocuments objectId={object.id} canIssue={canEdit} />
            {documents === null
              ? <div className="skeleton" style={{ height: 80 }} />
              : documents.length === 0
              ? <p className="empty-text empty-inline">Нет документов</p>
              : (
                <div className="doc-grid">
                  {documents.map((d) => (
                    <DocumentCard
                      key={d.id}
                      doc={d}
                      canDelete={isAdmin || d.uploadedBy === userId}
                      onDelete={deleteDocument}
                    />
                  ))}
                </div>
              )}
            <details className="upload-box">
              <summary className="btn btn-secondary">
                <Icon name="upload" size={18} /> Загрузить документ
              </summary>
              <DocumentUploadForm
                objectId={object.id}
                onUploaded={(d) => setDocuments((list) => [d, ...(list ?? [])])}
              />
            </details>
          </div>
        )}
      </section>
      <Dialog
        dialogRef={player}
        wide
        className="video-player"
        label={playing?.fileName ?? "Видео"}
        onClose={() => setPlaying(null)}
      >
        <DialogHead
          title={playing?.fileName}
          closeLabel="Закрыть видео"
          onClose={() => player.current?.close()}
        />
        <div className="dialog-body">
          {playing && (
            <video
              className="video-frame"
              src={playing.fileUrl}
              controls
              autoPlay
              playsInline
              preload="metadata"
            >
              Ваш браузер не воспроизводит это видео: <a href={playing.downloadUrl}>скачайте файл</a>.
            </video>
          )}
          {playing?.description && <p>{playing.description}</p>}
        </div>
        <footer className="dialog-foot">
          {playing && (
            <a className="btn btn-secondary" href={playing.downloadUrl} download={playing.fileName}>
              <Icon name="download" size={18} /> Скачать
            </a>
          )}
        </footer>
      </Dialog>
    </>
  );
}

function Details(
  { object: o, canEdit, canOverride }: { object: ObjectJson; canEdit: boolean; canOverride?: boolean },
) {
  return (
    <div className="stack-lg">
      <dl className="details">
        <dt>Адрес</dt>
        <dd>{o.address}</dd>
        <dt>Населенный пункт</dt>
        <dd>{o.settlement ?? o.city ?? "Не указан"}</dd>
        <dt>Регион</dt>
        <dd>{o.region ?? "Не указан"}</dd>
        <dt>Район</dt>
        <dd>{o.district ?? "Не определен"}</dd>
        <dt>От МКАД</dt>
        <dd>
          {formatMkadDistance(o.distanceFromMKAD)}
          {o.direction && o.distanceFromMKAD ? `, ${o.direction.toLowerCase()}` : ""}
        </dd>
        <dt>Статус</dt>
        <dd>
          {o.badge.label}
          {o.statusOverride && <span className="muted small">{` — причина: ${o.statusOverride.reason}`}
          </span>}
        </dd>
        <dt>Тип работ</dt>
        <dd>{labelOf(workTypeLabels, o.workType)}</dd>
        <dt>Стоимость</dt>
        <dd className="num">
          {o.money.contracted ? money(o.money.value) : money(o.estimatedCost)}
          {o.money.contracted && (
            <>
              {" "}
              <span className="muted small">(по договору)</span>
            </>
          )}
        </dd>
        {o.money.contracted && (
          <>
            <dt>Получено</dt>
            <dd className="num">{money(o.money.received)}</dd>
            <dt>Долг клиента</dt>
            <dd className="num">{money(o.money.owed)}</dd>
          </>
        )}
        {o.actualCost !== null && (
          <>
            <dt>Фактическая стоимость</dt>
            <dd className="num">{money(o.actualCost)}</dd>
          </>
        )}
        <dt>Клиент</dt>
        <dd>{o.clientName ?? "Не указан"}</dd>
        <dt>Телефон</dt>
        <dd>
          <PhoneLink phone={o.clientPhone} fallback="Не указан" />
        </dd>
        <dt>Описание</dt>
        <dd className="pre-line">{o.description ?? "—"}</dd>
        <dt>Создан</dt>
        <dd>{formatDateTime(o.createdAt)}</dd>
        <dt>Обновлен</dt>
        <dd>{formatDateTime(o.updatedAt)}</dd>
      </dl>
      {canOverride && <StatusOverride objectId={o.id} />}
      <ContractSummary objectId={o.id} />
      {(o.status === "work_in_progress" || o.status === "completed") && (
        <JobChangesPanel objectId={o.id} staff />
      )}
      <ClientMessages objectId={o.id} />
      {o.tasks && o.tasks.length > 0 && (
        <div className="stack">
          <h3 className="section-title">Задачи по объекту</h3>
          <ul className="object-tasks">
            {o.tasks.map((t) => (
              <li key={t.id}>
                <a href={`/tasks?taskId=${t.id}`}>{t.title}</a>
                <span className="muted small">
                  {labelOf(taskStatusLabels, t.status)}
                  {t.assignedUser
                    ? ` · ${personName(t.assignedUser.firstName, t.assignedUser.lastName)}`
                    : ""}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {canEdit && (
        <div className="form-actions">
          <button type="button" className="btn btn-secondary" data-object-edit={o.id}>
            <Icon name="edit" size={18} /> Редактировать
          </button>
        </div>
      )}
    </div>
  );
}

function Videos({ objectId, videos, canDeleteAny, userId, onUploaded, onPlay, onDelete }: {
  objectId: number;
  videos: VideoJson[] | null;
  canDeleteAny: boolean;
  userId: number;
  onUploaded: (v: VideoJson) => void;
  onPlay: (v: VideoJson) => void;
  onDelete: (v: VideoJson) => void;
}) {
  const id = useId();
  const upload = useRef<HTMLDialogElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const [description, setDescription] = useState("");
  const [progress, setProgress] = useState<number | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const file = fileRef.current?.files?.[0];
    if (!file) return toastError("Файл не выбран");
    if (!file.type.startsWith("video/")) {
      return toastError("Пожалуйста, выберите видеофайл", "Неверный формат файла");
    }
    if (file.size > VIDEO_MAX_BYTES) {
      return toastError("Размер файла не должен превышать 500MB", "Файл слишком большой");
    }
    const form = new FormData();
    form.set("description", description);
    form.set("video", file);
    setProgress(0);
    try {
      const v = await uploadWithProgress<VideoJson>(`/api/objects/${objectId}/videos`, form, setProgress);
      toast({
        title: "Видео загружено",
        description: "Видео успешно добавлено к объекту",
        variant: "success",
      });
      setDescription("");
      if (fileRef.current) fileRef.current.value = "";
      upload.current?.close();
      onUploaded(v);
    } catch (err) {
      toastError(`Не удалось загрузить видео: ${errorMessage(err)}`, "Ошибка загрузки");
    } finally {
      setProgress(null);
    }
  }

  return (
    <div className="stack-lg">
      <div className="row-between">
        <p className="muted small">MP4, MOV, WebM, AVI, 3GP — до 500 MB</p>
        <button type="button" className="btn btn-primary" onClick={() => upload.current?.showModal()}>
          <Icon name="upload" size={18} /> Загрузить видео
        </button>
      </div>
      {videos === null
        ? <div className="skeleton" style={{ height: 80 }} />
        : videos.length === 0
        ? <p className="empty-text empty-inline">Видео пока нет</p>
        : (
          <div className="video-grid">
            {videos.map((v) => (
              <article key={v.id} className="card video-card">
                <button
                  type="button"
                  className="video-thumb"
                  onClick={() => onPlay(v)}
                  aria-label={`Смотреть ${v.fileName}`}
                >
                  <Icon name="play" size={36} />
                </button>
                <h4 className="doc-name" title={v.fileName}>{v.fileName}</h4>
                <FileMeta size={v.fileSize} date={v.createdAt} />
                {v.description && <p className="small">{v.description}</p>}
                <div className="doc-actions">
                  <button type="button" className="btn btn-secondary btn-sm" onClick={() => onPlay(v)}>
                    <Icon name="play" size={16} /> Смотреть
                  </button>
                  <DownloadLink href={v.downloadUrl} fileName={v.fileName} className="btn btn-ghost btn-sm" />
                  {(canDeleteAny || userId === v.uploadedBy) && (
                    <DeleteFileButton
                      fileName={v.fileName}
                      onClick={() => onDelete(v)}
                    />
                  )}
                </div>
              </article>
            ))}
          </div>
        )}
      <Dialog dialogRef={upload} titleId={`${id}-upload`}>
        <form onSubmit={submit} noValidate>
          <DialogHead
            title="Загрузить видео"
            titleId={`${id}-upload`}
            onClose={() => upload.current?.close()}
          />
          <div className="dialog-body stack">
            <Field id={`${id}-video`} label="Видеофайл" hint="До 500 MB">
              <input id={`${id}-video`} ref={fileRef} type="file" accept="video/*" />
            </Field>
            <TextField
              id={`${id}-description`}
              label="Описание"
              multiline
              value={description}
              onValue={setDescription}
            />
            <UploadProgress percent={progress} />
          </div>
          <footer className="dialog-foot">
            <button type="button" className="btn btn-secondary" onClick={() => upload.current?.close()}>
              Отмена
            </button>
            <button
              type="submit"
              className="btn btn-primary"
              disabled={progress !== null}
              aria-busy={progress !== null}
            >
              {progress !== null ? `Загрузка… ${progress}%` : "Загрузить"}
            </button>
          </footer>
        </form>
      </Dialog>
    </div>
  );
}
