import { useId } from "react";
import { formatDateTime } from "../../domain/format.ts";
import type { MeasurementSession } from "./session.ts";

/** The server holds newer measurements than the device's unsent draft: the surveyor picks which to keep. */
export function ConflictNotice({ session: s }: { session: MeasurementSession }) {
  const id = useId();
  if (!s.conflict) return null;
  return (
    <div className="notice notice-warning conflict" role="alertdialog" aria-labelledby={id}>
      <div className="stack-sm">
        <strong id={id}>На сервере есть более новые замеры</strong>
        <p>
          Сохранены{" "}
          {formatDateTime(s.conflict.record.createdAt)}, а на этом устройстве есть неотправленные изменения от
          {" "}
          {formatDateTime(s.conflict.draft.savedAt)}. Какие оставить?
        </p>
        <div className="row">
          <button type="button" className="btn btn-primary" onClick={() => s.resolveConflict("device")}>
            Оставить с устройства
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => s.resolveConflict("server")}>
            Взять с сервера
          </button>
        </div>
      </div>
    </div>
  );
}
