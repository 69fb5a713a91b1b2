// Sending the record to the server: now, or queued when there is no signal and sent when it returns; and
// settling a conflict between the device's draft and a newer record on the server.
import { useCallback, useEffect, useRef } from "react";
import { ApiRequestError } from "../api.ts";
import { toast } from "../toast.ts";
import { errorMessage } from "../form.ts";
import { loadDraft } from "./draft.ts";
import type { WorkKind } from "../../estimating/form.ts";
import { confirmedOfRecord, type FormConfig, fromMeasurements, toMeasurements } from "./model.ts";
import { dropWaitingMeasurement, enqueueWork, newClientId } from "../offline/sync.ts";
import { saveRecord, type SessionTask } from "./session_api.ts";
import type { MeasurementValues } from "./use_measurement_values.ts";
import type { Conflict } from "./use_session_open.ts";

export function useRecordSending(
  { task, active, config, scope, kinds, record, conflict, setConflict, setTaskStatus }: {
    task: SessionTask | null;
    active: boolean;
    config: FormConfig | null;
    scope: string;
    kinds: readonly WorkKind[];
    record: MeasurementValues;
    conflict: Conflict | null;
    setConflict: (conflict: Conflict | null) => void;
    setTaskStatus: (status: string) => void;
  },
) {
  const kindsKey = kinds.join();
  const { base, latest, writeDraft, setSync, show } = record;
  /** The last save failed for want of a connection. */
  const offline = useRef(false);

  /** Sends the values to the server; `quiet` skips the success toast. True when sent. */
  const save = useCallback(async (quiet = false): Promise<boolean> => {
    if (!task || !config) return false;
    const snapshot = latest.current;
    const body = {
      taskId: task.id,
      measurements: toMeasurements(snapshot.values, snapshot.confirmed, kinds),
      photos: snapshot.photos.map((p) => p.id),
      notes: snapshot.notes || null,
    };
    const clientId = loadDraft(scope)?.clientId ?? newClientId();
    setSync("sending");
    offline.current = false;
    try {
      const saved = await saveRecord({ ...body, clientId });
      // A copy queued while there was no signal would now be older than this record.
      void dropWaitingMeasurement(task.id);
      base.current = saved.id;
      if (saved.taskStatus) setTaskStatus(saved.taskStatus);
      // Still dirty when something was typed while sending.
      const changed = latest.current.values !== snapshot.values || latest.current.notes !== snapshot.notes ||
        latest.current.confirmed !== snapshot.confirmed;
      writeDraft(latest.current, changed);
      setSync(changed ? "device" : "sent");
      if (!quiet) toast({ title: "Замеры сохранены", description: "Данные успешно сохранены на сервере" });
      return true;
    } catch (error) {
      offline.current = error instanceof ApiRequestError && error.status === 0;
      setSync(offline.current ? "offline" : "device");
      if (offline.current) {
        // Queued under the draft's id: sent in order when the connection returns, once.
        await enqueueWork("measurement", task.id, { body, baseRecordId: base.current }, clientId).catch(
          () => {},
        );
        if (!quiet) {
          toast({
            title: "Нет связи",
            description: "Замер сохранен на устройстве и будет отправлен, когда появится связь.",
          });
        }
        return false;
      }
      toast({
        title: "Ошибка сохранения",
        description: `Не удалось сохранить замеры: ${errorMessage(error)}`,
        variant: "destructive",
      });
      return false;
    }
  }, [task?.id, config, writeDraft, kindsKey, scope]);

  // The connection is back: send what the server has not received.
  useEffect(() => {
    if (!active || !scope) return;
    const onOnline = () => {
      const draft = loadDraft(scope);
      if (draft?.dirty && !conflict) void save(false);
    };
    const onOffline = () => setSync((s) => (s === "sent" || s === "idle" ? s : "offline"));
    addEventListener("online", onOnline);
    addEventListener("offline", onOffline);
    return () => {
      removeEventListener("online", onOnline);
      removeEventListener("offline", onOffline);
    };
  }, [active, scope, save, conflict]);

  /** Resolves the conflict: keep the device's draft (and send it) or take the server's record. */
  const resolveConflict = useCallback((keep: "device" | "server") => {
    if (!conflict || !config) return;
    base.current = conflict.record.id;
    if (keep === "server") {
      const shown = {
        values: fromMeasurements(conflict.record.measurements),
        confirmed: confirmedOfRecord(conflict.record.measurements),
        notes: conflict.record.notes ?? "",
      };
      show(shown);
      writeDraft(shown, false);
      setSync("sent");
    } else {
      writeDraft(latest.current, true);
      setSync("device");
      if (navigator.onLine) setTimeout(() => void save(true), 0);
    }
    setConflict(null);
  }, [conflict, config, writeDraft, save]);

  return { save, resolveConflict, offline };
}
