// Document and video pieces shared by the object detail dialog and the documents screen (not an island).
import { type FormEvent, useId, useRef, useState } from "react";
import { formatDate, formatFileSize } from "../domain/format.ts";
import { Icon } from "./Icon.tsx";
import { Field, TextField } from "./Field.tsx";
import { ObjectPicker } from "./ObjectPicker.tsx";
import { ApiRequestError } from "./api.ts";
import { errorMessage } from "./form.ts";
import { toast, toastError } from "./toast.ts";
import type { DocumentJson } from "../domain/documents.ts";

export const documentTypes: Array<[string, string]> = [
  ["contract", "Договор"],
  ["estimate", "Смета"],
  ["act", "Акт"],
  ["project", "Проект / схема"],
  ["photo", "Фото"],
  ["invoice", "Счет"],
  ["other", "Другое"],
];
export const documentTypeLabel = (t: string | null) =>
  t === "other" ? null : documentTypes.find(([v]) => v === t)?.[1] ?? null;

const viewable = new Set(["pdf", "jpg", "png", "gif", "webp"]);
export const DOCUMENT_MAX_BYTES = 50 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 500 * 1024 * 1024;

/** One document: name, size, type badge, date, Скачать / Просмотр / Удалить. */
export function DocumentCard({ doc, canDelete, onDelete, showObject }: {
  doc: DocumentJson;
  canDelete: boolean;
  onDelete: (doc: DocumentJson) => void;
  showObject?: boolean;
}) {
  return (
    <article className="card doc-card">
      <div className="doc-top">
        <span className="doc-icon" aria-hidden="true">
          <Icon name="file" size={28} />
        </span>
        <div className="doc-text">
          <h3 className="doc-name" title={doc.fileName}>{doc.fileName}</h3>
          <FileMeta size={doc.fileSize} date={doc.uploadedAt} />
        </div>
        <span className="badge badge-neutral doc-type">{doc.fileType.toUpperCase()}</span>
      </div>
      {(doc.description || documentTypeLabel(doc.documentType)) && (
        <p className="small">
          {documentTypeLabel(doc.documentType) && <strong>{documentTypeLabel(doc.documentType)}.</strong>}
          {doc.description}
        </p>
      )}
      {showObject && doc.objectAddress && doc.objectId && (
        <a className="small doc-object" href={`/objects?objectId=${doc.objectId}`}>
          <Icon name="pin" size={14} /> {doc.objectAddress}
        </a>
      )}
      <div className="doc-actions">
        <DownloadLink href={doc.fileUrl} fileName={doc.fileName} className="btn btn-secondary btn-sm" />
        {viewable.has(doc.fileType)
          ? (
            <a
              className="btn btn-ghost btn-sm"
              href={`${doc.fileUrl}?inline=1`}
              target="_blank"
              rel="noopener"
            >
              <Icon name="eye" size={16} /> Просмотр
            </a>
          )
          : (
            <a className="btn btn-ghost btn-sm" href={doc.fileUrl} title="Файл откроется после скачивания">
              <Icon name="eye" size={16} /> Просмотр
            </a>
          )}
        {canDelete && (
          <DeleteFileButton
            fileName={doc.fileName}
            className="doc-delete"
            onClick={() => onDelete(doc)}
          />
        )}
      </div>
    </article>
  );
}

/** A file's size and date under its name. */
export function FileMeta({ size, date }: { size: number; date: string | Date }) {
  return (
    <p className="muted small">
      <span className="num">{formatFileSize(size)}</span> · {formatDate(date)}
    </p>
  );
}

/** «Скачать» a file under its own name. */
export function DownloadLink(
  { href, fileName, className }: { href: string; fileName: string; className: string },
) {
  return (
    <a className={className} href={href} download={fileName}>
      <Icon name="download" size={16} /> Скачать
    </a>
  );
}

/** The bin of a document or a video, named after the file for screen readers. */
export function DeleteFileButton({ fileName, className, onClick }: {
  fileName: string;
  className?: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={className ? `icon-btn ${className}` : "icon-btn"}
      aria-label={`Удалить ${fileName}`}
      onClick={onClick}
    >
      <Icon name="trash" size={18} />
    </button>
  );
}

/** The bar of an upload under way; nothing while none is. */
export function UploadProgress({ percent }: { percent: number | null }) {
  if (percent === null) return null;
  return <progress className="upload-progress" max={100} value={percent} aria-label="Загрузка" />;
}

/** Sends a multipart form with upload progress (fetch has none); resolves with the JSON answer. */
export function uploadWithProgress<T>(
  url: string,
  form: FormData,
  onProgress: (percent: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onerror = () =>
      reject(new ApiRequestError(0, "Нет связи с сервером. Проверьте подключение и повторите."));
    xhr.onload = () => {
      let data: { message?: string; errors?: Record<string, string[]> } | null = null;
      try {
        data = JSON.parse(xhr.responseText);
      } catch { /* not JSON */ }
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else {reject(
          new ApiRequestError(xhr.status, data?.message ?? `${xhr.status}: ${xhr.statusText}`, data?.errors),
        );}
    };
    xhr.send(form);
  });
}

/** 'Загрузить документ': file, type, description; at most 50 MB. */
export function DocumentUploadForm({ objects, objectId, onUploaded }: {
  /** The newest objects when the object is not fixed (the documents screen); the picker searches the rest. */
  objects?: Array<{ id: number; address: string }>;
  objectId?: number;
  onUploaded: (doc: DocumentJson) => void;
}) {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [target, setTarget] = useState<string>(objectId ? String(objectId) : "");
  const [documentType, setDocumentType] = useState("other");
  const [description, setDescription] = useState("");
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState("");

  async function submit(e: FormEvent) {
    e.preventDefault();
    const file = fileRef.current?.files?.[0];
    if (!target) return setError("Выберите объект");
    if (!file) return setError("Файл не выбран");
    if (file.size > DOCUMENT_MAX_BYTES) {
      toastError("Размер документа не должен превышать 50MB", "Файл слишком большой");
      return setError("Размер документа не должен превышать 50MB");
    }
    setError("");
    const form = new FormData();
    form.set("description", description);
    form.set("documentType", documentType);
    form.set("file", file);
    setProgress(0);
    try {
      const doc = await uploadWithProgress<DocumentJson>(
        `/api/objects/${target}/documents`,
        form,
        setProgress,
      );
      toast({ title: "Документ загружен", description: doc.fileName, variant: "success" });
      setDescription("");
      if (fileRef.current) fileRef.current.value = "";
      onUploaded(doc);
    } catch (err) {
      setError(errorMessage(err));
      toastError(`Не удалось загрузить документ: ${errorMessage(err)}`, "Ошибка загрузки");
    } finally {
      setProgress(null);
    }
  }

  return (
    <form className="upload-form stack" onSubmit={submit} noValidate>
      {objects && (
        <ObjectPicker
          newest={objects}
          field={{ id: `${id}-object`, name: "objectId", value: target, onValue: setTarget }}
        />
      )}
      <Field
        id={`${id}-file`}
        label="Файл"
        required
        hint="PDF, изображения, DOC, DOCX, XLS, XLSX, TXT, CSV — до 50 MB"
      >
        <input
          id={`${id}-file`}
          ref={fileRef}
          type="file"
          accept=".pdf,.jpg,.jpeg,.png,.gif,.webp,.heic,.doc,.docx,.xls,.xlsx,.txt,.csv"
        />
      </Field>
      <div className="grid-2">
        <Field id={`${id}-type`} label="Тип документа">
          <select id={`${id}-type`} value={documentType} onChange={(e) => setDocumentType(e.target.value)}>
            {documentTypes.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
          </select>
        </Field>
        <TextField id={`${id}-description`} label="Описание" value={description} onValue={setDescription} />
      </div>
      {error && <p className="field-error" role="alert">{error}</p>}
      <UploadProgress percent={progress} />
      <div className="form-actions">
        <button
          type="submit"
          className="btn btn-primary"
          disabled={progress !== null}
          aria-busy={progress !== null}
        >
          <Icon name="upload" size={18} />{" "}
          {progress !== null ? `Загрузка… ${progress}%` : "Загрузить документ"}
        </button>
      </div>
    </form>
  );
}
