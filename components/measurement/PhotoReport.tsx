// The photo report (the estimating spec's «Site-work dialog» 'Фотоотчет'): 'before work', 'installation
// place' and 'communications'. The phone's camera opens; each photo becomes a document of the task;
// thumbnails; delete. A photo is kept on the phone first and uploaded by the queue, so one taken with no
// signal waits, marked «ожидает отправки», and goes up once when the connection returns.
import { useEffect, useState } from "react";
import { call, client } from "../api.ts";
import { toast } from "../toast.ts";
import { errorMessage } from "../form.ts";
import type { Photo } from "./session.ts";
import { Icon } from "../Icon.tsx";
import { enqueueWork, type PhotoPayload, usePendingPhotos, useSyncState } from "../offline/sync.ts";
import type { QueueEntry } from "../offline/queue.ts";

export const photoKinds = [
  { type: "Фото до начала работ", label: "До начала работ" },
  { type: "Фото места установки", label: "Место установки" },
  { type: "Фото коммуникаций", label: "Коммуникации" },
] as const;

export function PhotoReport({ objectId, taskId, photos, onChange, idPrefix }: {
  objectId: number | null;
  taskId: number;
  photos: Photo[];
  onChange: (photos: Photo[]) => void;
  idPrefix: string;
}) {
  const [busy, setBusy] = useState<string>("");

  const pending = usePendingPhotos(taskId);
  const sync = useSyncState();

  async function upload(kind: string, files: File[]) {
    if (!files || files.length === 0 || !objectId) return;
    setBusy(kind);
    try {
      for (const file of files) {
        const payload: PhotoPayload = { objectId, documentType: kind, fileName: file.name, file };
        await enqueueWork("photo", taskId, payload);
      }
      toast({
        title: files.length > 1 ? `Фото добавлено: ${files.length}` : "Фото добавлено",
        description: navigator.onLine
          ? "Загружается на сервер"
          : "Ожидает отправки: загрузится, когда появится связь",
      });
    } catch (error) {
      toast({
        title: "Ошибка",
        description: `Не удалось сохранить фото на устройстве: ${errorMessage(error)}`,
        variant: "destructive",
      });
    } finally {
      setBusy("");
    }
  }

  async function remove(photo: Photo) {
    if (!confirm("Удалить фото?")) return;
    try {
      await call(client.documents[":id{[0-9]+}"].$delete({ param: { id: String(photo.id) } }));
      onChange(photos.filter((p) => p.id !== photo.id));
      toast({ title: "Фото удалено" });
    } catch (error) {
      toast({
        title: "Ошибка",
        description: `Не удалось удалить фото: ${errorMessage(error)}`,
        variant: "destructive",
      });
    }
  }

  if (!objectId) return <p className="muted">У задачи нет объекта: фото некуда прикрепить.</p>;

  return (
    <div className="photo-report stack">
      {pending.length > 0 && (
        <p className="notice notice-warning" data-testid="photos-waiting">
          Ожидает отправки: {pending.length} фото.{" "}
          {sync.online ? "Загружается по порядку." : "Загрузится, когда появится связь."}
        </p>
      )}
      {photoKinds.map((k) => {
        const list = photos.filter((p) => p.documentType === k.type);
        const waiting = pending.filter((p) => p.payload.documentType === k.type);
        const inputId = `${idPrefix}-photo-${k.label.replace(/\s+/g, "-")}`;
        return (
          <section key={k.type} className="photo-kind" aria-label={k.label}>
            <div className="row-between">
              <h4>{k.label}</h4>
              <span className="muted">
                {list.length + waiting.length}{" "}
                фото{waiting.length > 0 && `, ожидает отправки: ${waiting.length}`}
              </span>
            </div>
            <div className="photo-grid">
              {list.map((p) => (
                <figure key={p.id} className="photo-thumb">
                  <a href={p.url} target="_blank" rel="noopener">
                    <img src={p.url} alt={`${k.label}: ${p.fileName}`} loading="lazy" />
                  </a>
                  <button
                    type="button"
                    className="icon-btn photo-delete"
                    aria-label={`Удалить фото ${p.fileName}`}
                    onClick={() => remove(p)}
                  >
                    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                      <path d="M18 6 6 18M6 6l12 12" fill="none" stroke="currentColor" strokeWidth="2.5" />
                    </svg>
                  </button>
                </figure>
              ))}
              {waiting.map((p) => (
                <PendingPhoto
                  key={p.id}
                  entry={p}
                  share={sync.upload?.id === p.id ? sync.upload.share : null}
                  label={k.label}
                />
              ))}
              <label className={`photo-add${busy === k.type ? " is-busy" : ""}`} htmlFor={inputId}>
                {busy === k.type
                  ? <span className="spinner" aria-hidden="true" />
                  : <Icon name="camera" size={28} />}
                <span>{busy === k.type ? "Загрузка…" : "Добавить фото"}</span>
                <input
                  id={inputId}
                  className="visually-hidden"
                  type="file"
                  accept="image/*"
                  capture="environment"
                  multiple
                  disabled={busy !== ""}
                  aria-label={`Добавить фото: ${k.label}`}
                  onChange={(e) => {
                    void upload(k.type, Array.from(e.currentTarget.files ?? []));
                    e.currentTarget.value = "";
                  }}
                />
              </label>
            </div>
          </section>
        );
      })}
    </div>
  );
}

/** A photo kept on the phone until the queue uploads it: its thumbnail, the mark and the upload's progress. */
function PendingPhoto(
  { entry, share, label }: { entry: QueueEntry<PhotoPayload>; share: number | null; label: string },
) {
  const [url, setUrl] = useState("");
  useEffect(() => {
    const made = URL.createObjectURL(entry.payload.file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [entry.id]);
  return (
    <figure className="photo-thumb pending-photo" data-testid="pending-photo">
      {url && <img src={url} alt={`${label}: ${entry.payload.fileName}, ожидает отправки`} />}
      <span className="pending-mark">
        {share === null ? "ожидает отправки" : `отправка ${Math.round(share * 100)}%`}
      </span>
      {entry.lastError && <span className="visually-hidden">Ошибка: {entry.lastError}</span>}
    </figure>
  );
}
