// The photo report (spec/3 §2.2 'Фотоотчет'): 'before work', 'installation place' and 'communications'.
// The phone's camera opens; each photo becomes a document of the task; thumbnails; delete.
import { useState } from "react";
import { api } from "../api.ts";
import { toast } from "../toast.ts";
import { errorMessage } from "../form.ts";
import type { Photo } from "./session.ts";
import { Icon } from "../Icon.tsx";

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

  async function upload(kind: string, files: File[]) {
    if (!files || files.length === 0 || !objectId) return;
    setBusy(kind);
    const added: Photo[] = [];
    try {
      for (const file of files) {
        const form = new FormData();
        form.append("taskId", String(taskId));
        form.append("documentType", kind);
        form.append("file", file);
        const doc = await api<{ id: number; fileName: string; documentType: string; fileUrl: string }>(
          `/api/objects/${objectId}/documents`,
          { form },
        );
        added.push({
          id: doc.id,
          fileName: doc.fileName,
          documentType: doc.documentType,
          url: `${doc.fileUrl}?inline=1`,
        });
      }
      toast({
        title: "Фото загружено",
        description: added.length > 1 ? `Загружено фото: ${added.length}` : undefined,
      });
    } catch (error) {
      toast({
        title: "Ошибка",
        description: `Не удалось загрузить фото: ${errorMessage(error)}`,
        variant: "destructive",
      });
    } finally {
      if (added.length) onChange([...photos, ...added]);
      setBusy("");
    }
  }

  async function remove(photo: Photo) {
    if (!confirm("Удалить фото?")) return;
    try {
      await api(`/api/documents/${photo.id}`, { method: "DELETE" });
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
      {photoKinds.map((k) => {
        const list = photos.filter((p) => p.documentType === k.type);
        const inputId = `${idPrefix}-photo-${k.label.replace(/\s+/g, "-")}`;
        return (
          <section key={k.type} className="photo-kind" aria-label={k.label}>
            <div className="row-between">
              <h4>{k.label}</h4>
              <span className="muted">{list.length} фото</span>
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
