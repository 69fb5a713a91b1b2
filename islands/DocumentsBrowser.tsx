import { useRef, useState } from "react";
import { Icon } from "../components/Icon.tsx";
import { call, client } from "../components/api.ts";
import { Dialog } from "../components/Dialog.tsx";
import { errorMessage } from "../components/form.ts";
import { toast, toastError } from "../components/toast.ts";
import { DocumentCard, DocumentUploadForm } from "../components/Documents.tsx";
import type { DocumentJson } from "../domain/documents.ts";

export interface DocumentsBrowserProps {
  documents: DocumentJson[];
  /** Objects a document may be uploaded to (the latest ones). */
  objects: Array<{ id: number; address: string }>;
  userId: number;
  isAdmin: boolean;
}

/** The /documents grid with 'Загрузить документ', Скачать, Просмотр and delete. */
export default function DocumentsBrowser(
  { documents: initial, objects, userId, isAdmin }: DocumentsBrowserProps,
) {
  const [documents, setDocuments] = useState(initial);
  const dialog = useRef<HTMLDialogElement>(null);

  async function remove(doc: DocumentJson) {
    if (!confirm(`Удалить документ «${doc.fileName}»?`)) return;
    try {
      await call(client.documents[":id{[0-9]+}"].$delete({ param: { id: String(doc.id) } }));
      setDocuments((list) => list.filter((d) => d.id !== doc.id));
      toast({ title: "Документ удален", variant: "success" });
    } catch (error) {
      toastError(`Не удалось удалить документ: ${errorMessage(error)}`);
    }
  }

  return (
    <div className="stack-lg">
      <div className="action-bar">
        <button type="button" className="btn btn-primary" onClick={() => dialog.current?.showModal()}>
          <Icon name="upload" size={18} /> Загрузить документ
        </button>
      </div>
      {documents.length === 0
        ? (
          <div className="card">
            <div className="empty">
              <Icon name="file" size={40} />
              <p className="empty-text">Нет документов</p>
              <p className="muted">Загрузите договор, смету или фото к объекту.</p>
            </div>
          </div>
        )
        : (
          <div className="doc-grid">
            {documents.map((d) => (
              <DocumentCard
                key={d.id}
                doc={d}
                showObject
                canDelete={isAdmin || d.uploadedBy === userId}
                onDelete={remove}
              />
            ))}
          </div>
        )}
      <Dialog dialogRef={dialog} title="Загрузить документ" titleId="documents-upload-title">
        <div className="dialog-body">
          {objects.length === 0
            ? <p className="muted">Сначала создайте объект: документы прикрепляются к объектам.</p>
            : (
              <DocumentUploadForm
                objects={objects}
                onUploaded={(doc) => {
                  setDocuments((list) => [doc, ...list]);
                  dialog.current?.close();
                }}
              />
            )}
        </div>
      </Dialog>
    </div>
  );
}
