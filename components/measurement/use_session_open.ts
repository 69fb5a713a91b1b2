// Opening a task's measurement: the form description, then the device's draft or the server's newest record
// (or the choice between them when both changed), then the photos and the estimate.
import { useEffect, useState } from "react";
import { ApiRequestError } from "../api.ts";
import { type Draft, loadDraft } from "./draft.ts";
import { confirmedOfRecord, defaultValues, type FormConfig, fromMeasurements } from "./model.ts";
import { waitingEstimate } from "../offline/sync.ts";
import {
  estimateById,
  latestRecord,
  loadConfig,
  type ServerRecord,
  type SessionTask,
  type StoredEstimate,
  taskEstimateId,
  taskPhotos,
} from "./session_api.ts";
import type { MeasurementValues } from "./use_measurement_values.ts";

/** The server holds a record the device's unsent draft did not start from. */
export interface Conflict {
  record: ServerRecord;
  draft: Draft;
}

export function useSessionOpen(
  { task, active, scope, record, setConfig, setConflict, setEstimate }: {
    task: SessionTask | null;
    active: boolean;
    scope: string;
    record: MeasurementValues;
    setConfig: (config: FormConfig) => void;
    setConflict: (conflict: Conflict) => void;
    setEstimate: (estimate: StoredEstimate) => void;
  },
) {
  const [loadError, setLoadError] = useState("");
  const [loading, setLoading] = useState(false);
  const { base, show, setSync, setPhotos } = record;

  useEffect(() => {
    if (!active || !task) return;
    let cancelled = false;
    setLoading(true);
    (async () => {
      const cfg = await loadConfig();
      if (cancelled) return;
      if (!cfg) {
        setLoadError("Нет связи с сервером: форма замера не загружена. Проверьте подключение и повторите.");
        setLoading(false);
        return;
      }
      const draft = loadDraft(scope);
      let latest: ServerRecord | null = null;
      let online = true;
      try {
        latest = await latestRecord(task.id);
      } catch (error) {
        online = false;
        if (error instanceof ApiRequestError && error.status !== 0) online = true;
      }
      if (cancelled) return;
      // The form appears with its values: shown before them (the skeleton until then), what the surveyor typed
      // meanwhile would be replaced by the draft or the record once they came.
      setConfig(cfg);
      const fromDraft = (d: Draft) => ({
        values: { ...defaultValues(), ...d.values },
        confirmed: d.confirmed ?? [],
        notes: d.notes,
      });
      if (draft && draft.dirty && latest && latest.id !== draft.baseRecordId) {
        // The server has a record the draft did not start from: ask which to keep.
        base.current = draft.baseRecordId;
        show(fromDraft(draft));
        setConflict({ record: latest, draft });
        setSync("device");
      } else if (draft && (draft.dirty || !latest)) {
        base.current = draft.baseRecordId;
        show(fromDraft(draft));
        setSync(draft.dirty ? (online ? "device" : "offline") : "sent");
      } else if (latest) {
        base.current = latest.id;
        show({
          values: fromMeasurements(latest.measurements),
          confirmed: confirmedOfRecord(latest.measurements),
          notes: latest.notes ?? "",
        });
        setSync("sent");
      } else {
        base.current = null;
        show({ values: defaultValues(), confirmed: [], notes: "" });
        setSync("idle");
      }
      setLoading(false);
      const priced = await waitingEstimate(task.id).catch(() => null);
      if (cancelled) return;
      if (priced) setEstimate({ ...(priced.estimate as StoredEstimate), id: 0, onDevice: true });
      if (!online || !task.objectId) return;
      const [photos, estimateId] = await Promise.all([
        taskPhotos(task.id),
        taskEstimateId({ id: task.id, objectId: task.objectId }),
      ]);
      if (cancelled) return;
      setPhotos(photos);
      if (estimateId && !priced) {
        const full = await estimateById(estimateId);
        if (!cancelled && full) setEstimate(full);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [active, task?.id]);

  return { loadError, loading };
}
