// The state of one task's measurement, shared by the site-work dialog and the field-work screen: the form
// description, the values (kept on the device as they are typed), sending to the server (now, or when the
// connection returns), the choice between a newer server record and the device's draft, the photos and
// the estimate. Exporting the workbook is in export.ts.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { api, ApiRequestError } from "../api.ts";
import { toast } from "../toast.ts";
import { errorMessage } from "../form.ts";
import { cacheConfig, cachedConfig, clearDraft, type Draft, loadDraft, saveDraft } from "./draft.ts";
import { type WorkKind, workTypeOfKind } from "../../estimating/form.ts";
import {
  configForKinds,
  confirmedOfRecord,
  defaultValues,
  type FormConfig,
  type FormValues,
  fromMeasurements,
  isSuggested,
  missingOf,
  progressOf,
  toMeasurements,
  unconfirmedOf,
} from "./model.ts";
import type { EstimateViewData } from "./EstimateView.tsx";

export interface SessionTask {
  id: number;
  objectId: number | null;
  title: string;
  address: string;
  /** The task's stored status; the server moves it as the surveyor saves and reports. */
  status: string;
}

export interface Photo {
  id: number;
  fileName: string;
  documentType: string | null;
  url: string;
}

interface ServerRecord {
  id: number;
  taskStatus?: string;
  measurements: Record<string, unknown>;
  photos: { id: number }[];
  notes: string | null;
  createdAt: string;
}

export type SyncState = "idle" | "device" | "sending" | "sent" | "offline";

export interface Conflict {
  record: ServerRecord;
  draft: Draft;
}

export type StoredEstimate = EstimateViewData & { id: number; status?: string };

async function loadConfig(): Promise<FormConfig | null> {
  const cached = cachedConfig<FormConfig>();
  try {
    const fresh = await api<FormConfig>("/api/measurements/form");
    if (!cached || cached.version !== fresh.version) cacheConfig(fresh);
    return fresh;
  } catch {
    return cached;
  }
}

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
  const [loadError, setLoadError] = useState("");
  const [values, setValues] = useState<FormValues>({});
  const [confirmed, setConfirmedState] = useState<string[]>([]);
  const [taskStatus, setTaskStatus] = useState(task?.status ?? "assigned");
  const [notes, setNotesState] = useState("");
  const [sync, setSync] = useState<SyncState>("idle");
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [estimate, setEstimate] = useState<StoredEstimate | null>(null);
  /** Separate estimates of the last generation, one per work type (empty for one estimate). */
  const [separateEstimates, setSeparateEstimates] = useState<StoredEstimate[]>([]);
  const [generating, setGenerating] = useState(false);
  const [loading, setLoading] = useState(false);
  const base = useRef<number | null>(null);
  const latest = useRef({ values, notes, photos, confirmed });
  latest.current = { values, notes, photos, confirmed };

  useEffect(() => setTaskStatus(task?.status ?? "assigned"), [task?.id]);

  const writeDraft = useCallback((
    next: { values: FormValues; notes: string; confirmed: string[] },
    dirty: boolean,
  ) => {
    if (!scope) return;
    saveDraft(scope, { ...next, savedAt: Date.now(), baseRecordId: base.current, dirty });
  }, [scope]);

  // Open: the form description, the device's draft, the server's latest record, photos and estimate.
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
      setConfig(cfg);
      const draft = loadDraft(scope);
      let record: ServerRecord | null = null;
      let online = true;
      try {
        const records = await api<ServerRecord[]>(`/api/measurements/${task.id}`);
        record = records[0] ?? null;
      } catch (error) {
        online = false;
        if (error instanceof ApiRequestError && error.status !== 0) online = true;
      }
      if (cancelled) return;
      if (draft && draft.dirty && record && record.id !== draft.baseRecordId) {
        // The server has a record the draft did not start from: ask which to keep.
        base.current = draft.baseRecordId;
        setValues({ ...defaultValues(), ...draft.values });
        setConfirmedState(draft.confirmed ?? []);
        setNotesState(draft.notes);
        setConflict({ record, draft });
        setSync("device");
      } else if (draft && (draft.dirty || !record)) {
        base.current = draft.baseRecordId;
        setValues({ ...defaultValues(), ...draft.values });
        setConfirmedState(draft.confirmed ?? []);
        setNotesState(draft.notes);
        setSync(draft.dirty ? (online ? "device" : "offline") : "sent");
      } else if (record) {
        base.current = record.id;
        setValues(fromMeasurements(record.measurements));
        setConfirmedState(confirmedOfRecord(record.measurements));
        setNotesState(record.notes ?? "");
        setSync("sent");
      } else {
        base.current = null;
        setValues(defaultValues());
        setConfirmedState([]);
        setNotesState("");
        setSync("idle");
      }
      setLoading(false);
      if (!online || !task.objectId) return;
      const [docs, estimates] = await Promise.all([
        api<{ id: number; fileName: string; documentType: string | null; fileUrl: string }[]>(
          `/api/documents?taskId=${task.id}&pageSize=200`,
        ).catch(() => []),
        api<{ id: number; taskId: number | null }[]>(`/api/estimates?objectId=${task.objectId}`).catch(
          () => [],
        ),
      ]);
      if (cancelled) return;
      setPhotos(
        docs.filter((d) => d.documentType?.startsWith("Фото")).map((d) => ({
          id: d.id,
          fileName: d.fileName,
          documentType: d.documentType,
          url: `${d.fileUrl}?inline=1`,
        })),
      );
      const mine = estimates.find((e) => e.taskId === task.id);
      if (mine) {
        const full = await api<StoredEstimate>(`/api/estimates/${mine.id}`).catch(() => null);
        if (!cancelled && full) setEstimate(full);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [active, task?.id]);

  /** Marks suggested defaults as confirmed (a touched field, or a section's «Подтвердить …»). */
  const confirm = useCallback((names: string[]) => {
    const add = names.filter((n) => isSuggested(n) && !latest.current.confirmed.includes(n));
    if (add.length === 0) return;
    const next = [...latest.current.confirmed, ...add];
    latest.current = { ...latest.current, confirmed: next };
    setConfirmedState(next);
    writeDraft({ values: latest.current.values, notes: latest.current.notes, confirmed: next }, true);
    setSync((s) => (s === "offline" ? "offline" : "device"));
  }, [writeDraft]);

  const setValue = useCallback((name: string, value: string | boolean) => {
    setValues((prev) => {
      const next = { ...prev, [name]: value };
      writeDraft({ values: next, notes: latest.current.notes, confirmed: latest.current.confirmed }, true);
      return next;
    });
    confirm([name]);
    setSync((s) => (s === "offline" ? "offline" : "device"));
  }, [writeDraft, confirm]);

  const setNotes = useCallback((text: string) => {
    setNotesState(text);
    writeDraft({ values: latest.current.values, notes: text, confirmed: latest.current.confirmed }, true);
    setSync((s) => (s === "offline" ? "offline" : "device"));
  }, [writeDraft]);

  const measurements = useMemo(() => toMeasurements(values, confirmed, kinds), [values, confirmed, kindsKey]);
  const missing = useMemo(() => (config ? missingOf(config, measurements) : []), [config, measurements]);
  const unconfirmed = useMemo(() => unconfirmedOf(measurements), [measurements]);
  const progress = useMemo(
    () => (config ? progressOf(config, values, confirmed) : 0),
    [config, values, confirmed],
  );

  /** Sends the values to the server; `quiet` skips the success toast. True when sent. */
  const save = useCallback(async (quiet = false): Promise<boolean> => {
    if (!task || !config) return false;
    const snapshot = latest.current;
    setSync("sending");
    try {
      const record = await api<ServerRecord>("/api/measurements", {
        body: {
          taskId: task.id,
          measurements: toMeasurements(snapshot.values, snapshot.confirmed, kinds),
          photos: snapshot.photos.map((p) => p.id),
          notes: snapshot.notes || null,
        },
      });
      base.current = record.id;
      if (record.taskStatus) setTaskStatus(record.taskStatus);
      // Still dirty when something was typed while sending.
      const changed = latest.current.values !== snapshot.values || latest.current.notes !== snapshot.notes ||
        latest.current.confirmed !== snapshot.confirmed;
      writeDraft(latest.current, changed);
      setSync(changed ? "device" : "sent");
      if (!quiet) toast({ title: "Замеры сохранены", description: "Данные успешно сохранены на сервере" });
      return true;
    } catch (error) {
      const offline = error instanceof ApiRequestError && error.status === 0;
      setSync(offline ? "offline" : "device");
      toast({
        title: "Ошибка сохранения",
        description: `Не удалось сохранить замеры: ${errorMessage(error)}${
          offline ? " Данные сохранены на устройстве и будут отправлены, когда появится связь." : ""
        }`,
        variant: "destructive",
      });
      return false;
    }
  }, [task?.id, config, writeDraft, kindsKey]);

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
      const v = fromMeasurements(conflict.record.measurements);
      const c = confirmedOfRecord(conflict.record.measurements);
      setValues(v);
      setConfirmedState(c);
      setNotesState(conflict.record.notes ?? "");
      writeDraft({ values: v, notes: conflict.record.notes ?? "", confirmed: c }, false);
      setSync("sent");
    } else {
      writeDraft(latest.current, true);
      setSync("device");
      if (navigator.onLine) setTimeout(() => void save(true), 0);
    }
    setConflict(null);
  }, [conflict, config, writeDraft, save]);

  /** Saves, then generates the estimate; true when generated. */
  const generate = useCallback(async (separate = false): Promise<StoredEstimate | null> => {
    if (!task || !config) return null;
    if (!task.objectId) {
      toast({
        title: "Ошибка генерации сметы",
        description: "Выберите задачу с объектом для генерации сметы",
        variant: "destructive",
      });
      return null;
    }
    if (missing.length > 0) {
      toast({
        title: "Ошибка генерации сметы",
        description: `Заполните обязательные поля: ${missing.map((m) => m.label).join(", ")}`,
        variant: "destructive",
      });
      return null;
    }
    setGenerating(true);
    try {
      // Saved first, always: the record goes with the estimate, and the server starts a waiting task.
      if (!(await save(true))) return null;
      const snapshot = latest.current;
      const answer = await api<StoredEstimate | { estimates: StoredEstimate[] }>("/api/estimates/generate", {
        body: {
          objectId: task.objectId,
          taskId: task.id,
          // The station alone keeps the documents it always had; several work types go as a list.
          ...(kindsKey === "septic" ? { workType: "autonomous_sewage" } : {
            workType: workTypeOfKind[kinds[0]],
            workTypes: kinds.map((k) => workTypeOfKind[k]),
            separate: separate && kinds.length > 1,
          }),
          measurements: {
            ...toMeasurements(snapshot.values, snapshot.confirmed, kinds),
            photos: snapshot.photos.map((p) => p.id),
            notes: snapshot.notes,
          },
        },
      });
      const all = "estimates" in answer ? answer.estimates : [answer];
      const result = all[0];
      setEstimate(result);
      setSeparateEstimates(all.length > 1 ? all : []);
      toast({
        title: all.length > 1 ? `Сгенерировано смет: ${all.length}` : "Смета сгенерирована",
        description: all.length > 1
          ? "По отдельной смете на каждый вид работ"
          : "Смета создана на основе ваших замеров",
      });
      return result;
    } catch (error) {
      toast({
        title: "Ошибка генерации сметы",
        description: error instanceof ApiRequestError && error.message
          ? error.message
          : "Не удалось сгенерировать смету",
        variant: "destructive",
      });
      return null;
    } finally {
      setGenerating(false);
    }
  }, [task?.id, task?.objectId, config, missing, save, kindsKey]);

  const forget = useCallback(() => {
    if (scope) clearDraft(scope);
  }, [scope]);

  return {
    config,
    loadError,
    loading,
    values,
    setValue,
    confirm,
    unconfirmed,
    taskStatus,
    setTaskStatus,
    notes,
    setNotes,
    measurements,
    missing,
    progress,
    sync,
    save,
    conflict,
    resolveConflict,
    photos,
    setPhotos,
    estimate,
    setEstimate,
    separateEstimates,
    generate,
    generating,
    forget,
  };
}

export type MeasurementSession = ReturnType<typeof useMeasurementSession>;

/** The draft state line's text (UI.md): where the values are. */
export function syncLabel(sync: SyncState): string {
  switch (sync) {
    case "device":
      return "Сохранено на устройстве";
    case "offline":
      return "Нет связи — сохранено на устройстве";
    case "sending":
      return "Отправка…";
    case "sent":
      return "Отправлено";
    default:
      return "Новый замер";
  }
}
