// The state of one task's measurement, shared by the site-work dialog and the field-work screen, composed of
// one hook per concern: the values as typed (use_measurement_values.ts), opening the task
// (use_session_open.ts), sending the record (use_record_sending.ts) and the estimate (use_session_estimate.ts);
// the server's calls are session_api.ts. Here: the task's status and what the offline queue sent meanwhile.
// Exporting the workbook is in export.ts.
import { useCallback, useEffect, useMemo, useState } from "react";
import { clearDraft, loadDraft } from "./draft.ts";
import type { WorkKind } from "../../estimating/form.ts";
import { configForKinds, type FormConfig } from "./model.ts";
import { type EstimatePayload, onSynced } from "../offline/sync.ts";
import { type GenerateAnswer, photoOf, type SessionTask } from "./session_api.ts";
import { useMeasurementValues } from "./use_measurement_values.ts";
import { type Conflict, useSessionOpen } from "./use_session_open.ts";
import { useRecordSending } from "./use_record_sending.ts";
import { useSessionEstimate } from "./use_session_estimate.ts";

export type { Photo, SessionTask, StoredEstimate } from "./session_api.ts";
export type { Conflict } from "./use_session_open.ts";
export type { TotalsDiffer } from "./use_session_estimate.ts";
export { syncLabel, type SyncState } from "./sync_state.ts";

/** One task's measurement session; `active` starts it (the dialog opens it lazily). */
export function useMeasurementSession(
  task: SessionTask | null,
  active: boolean,
  kinds: readonly WorkKind[] = ["septic"],
) {
  const scope = task ? `task-${task.id}` : "";
  const [baseConfig, setConfig] = useState<FormConfig | null>(null);
  const kindsKey = kinds.join();
  // The form of the task's work types: the station's sections and each work type's.
  const config = useMemo(() => (baseConfig ? configForKinds(baseConfig, kinds) : null), [
    baseConfig,
    kindsKey,
  ]);
  const [taskStatus, setTaskStatus] = useState(task?.status ?? "assigned");
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const record = useMeasurementValues(scope, config, kinds);
  const sending = useRecordSending({
    task,
    active,
    config,
    scope,
    kinds,
    record,
    conflict,
    setConflict,
    setTaskStatus,
  });
  const estimating = useSessionEstimate({
    task,
    config,
    kinds,
    record,
    save: sending.save,
    savedOffline: sending.offline,
  });
  const { loadError, loading } = useSessionOpen({
    task,
    active,
    scope,
    record,
    setConfig,
    setConflict,
    setEstimate: estimating.setEstimate,
  });

  useEffect(() => setTaskStatus(task?.status ?? "assigned"), [task?.id]);

  // What the queue sent for this task while the screen is open: the record, a photo, the server's estimate.
  const { base, setSync, setPhotos } = record;
  const { showServerEstimate } = estimating;
  useEffect(() => {
    if (!active || !task) return;
    return onSynced(({ entry, answer }) => {
      if (entry.taskId !== task.id) return;
      if (entry.kind === "measurement") {
        const saved = answer as { id: number; taskStatus?: string };
        base.current = saved.id;
        if (saved.taskStatus) setTaskStatus(saved.taskStatus);
        if (!loadDraft(scope)?.dirty) setSync("sent");
      } else if (entry.kind === "status") {
        setTaskStatus((answer as { status?: string }).status ?? "in_progress");
      } else if (entry.kind === "photo") {
        const doc = photoOf(
          answer as { id: number; fileName: string; documentType: string | null; fileUrl: string },
        );
        setPhotos((list) => list.some((p) => p.id === doc.id) ? list : [...list, doc]);
      } else if (entry.kind === "estimate") {
        showServerEstimate(answer as GenerateAnswer, (entry.payload as EstimatePayload).deviceTotal);
      }
    });
  }, [active, task?.id, scope]);

  const forget = useCallback(() => {
    if (scope) clearDraft(scope);
  }, [scope]);

  return {
    config,
    loadError,
    loading,
    values: record.values,
    setValue: record.setValue,
    confirm: record.confirm,
    unconfirmed: record.unconfirmed,
    taskStatus,
    setTaskStatus,
    notes: record.notes,
    setNotes: record.setNotes,
    measurements: record.measurements,
    missing: record.missing,
    progress: record.progress,
    sync: record.sync,
    save: sending.save,
    conflict,
    resolveConflict: sending.resolveConflict,
    photos: record.photos,
    setPhotos,
    estimate: estimating.estimate,
    setEstimate: estimating.setEstimate,
    separateEstimates: estimating.separateEstimates,
    generate: estimating.generate,
    generating: estimating.generating,
    totalsDiffer: estimating.totalsDiffer,
    forget,
  };
}

export type MeasurementSession = ReturnType<typeof useMeasurementSession>;
