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
import {
  dropWaitingMeasurement,
  enqueueWork,
  type EstimatePayload,
  fieldWorkBundle,
  newClientId,
  onSynced,
  waitingEstimate,
} from "../offline/sync.ts";

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

export type StoredEstimate = EstimateViewData & {
  id: number;
  status?: string;
  /** Priced on the phone with no signal: not saved on the server yet. */
  onDevice?: boolean;
};

/** The phone's total and the server's, when the server priced the queued estimate differently. */
export interface TotalsDiffer {
  device: number;
  server: number;
}

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
  const [totalsDiffer, setTotalsDiffer] = useState<TotalsDiffer | null>(null);
  /** The last save failed for want of a connection. */
  const offline = useRef(false);
  const base = useRef<number | null>(null);
  const latest = useRef({ values, notes, photos, confirmed });
  latest.current = { values, notes, photos, confirmed };

  useEffect(() => setTaskStatus(task?.status ?? "assigned"), [task?.id]);

  const writeDraft = useCallback((
    next: { values: FormValues; notes: string; confirmed: string[] },
    dirty: boolean,
  ) => {
    if (!scope) return;
    // Changed values get a new id to be sent under; unchanged ones keep theirs, so a resend is recognised.
    const clientId = dirty ? newClientId() : loadDraft(scope)?.clientId;
    saveDraft(scope, { ...next, savedAt: Date.now(), baseRecordId: base.current, dirty, clientId });
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
      const priced = await waitingEstimate(task.id).catch(() => null);
      if (cancelled) return;
      if (priced) setEstimate({ ...(priced.estimate as StoredEstimate), id: 0, onDevice: true });
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
      if (mine && !priced) {
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
      const record = await api<ServerRecord>("/api/measurements", { body: { ...body, clientId } });
      // A copy queued while there was no signal would now be older than this record.
      void dropWaitingMeasurement(task.id);
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
      const saved = await save(true);
      const snapshot = latest.current;
      const body = {
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
      };
      if (!saved) return offline.current ? await priceWithoutSignal(task.id, body) : null;
      setTotalsDiffer(null);
      const all = generatedEstimates(await api<GenerateAnswer>("/api/estimates/generate", { body }));
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

  /**
   * No signal: the engine prices the estimate on the phone with the price list it keeps, and the request is
   * queued for the server, which generates the estimate of record when the connection returns.
   */
  async function priceWithoutSignal(
    taskId: number,
    body: { workType: string; workTypes?: string[]; measurements: Record<string, unknown> },
  ): Promise<StoredEstimate | null> {
    const bundle = await fieldWorkBundle();
    const kept = bundle?.tasks.find((t) => t.id === taskId);
    if (!bundle || !kept) {
      toast({
        title: "Нет связи",
        description:
          "Для расчета без связи откройте кабинет замерщика при связи: задача еще не сохранена на устройстве.",
        variant: "destructive",
      });
      return null;
    }
    // The engine is a script of its own, downloaded only now (the service worker keeps it for offline).
    const { priceOnDevice } = await import(bundle.engineUrl) as typeof import("../offline/engine.ts");
    const priced = priceOnDevice(bundle, kept, body.measurements, {
      at: new Date(),
      workType: body.workType,
      workTypes: body.workTypes,
    });
    const result: StoredEstimate = { ...priced, id: 0, onDevice: true };
    const payload: EstimatePayload = {
      body,
      estimate: priced,
      deviceTotal: priced.totalAmount,
      priceListId: bundle.priceList?.id ?? null,
    };
    await enqueueWork("estimate", taskId, payload);
    setEstimate(result);
    setTotalsDiffer(null);
    toast({
      title: "Смета рассчитана на устройстве",
      description: "Не сохранена: отправится на сервер, когда появится связь.",
    });
    return result;
  }

  // What the queue sent for this task while the screen is open: the record, a photo, the server's estimate.
  useEffect(() => {
    if (!active || !task) return;
    return onSynced(({ entry, answer }) => {
      if (entry.taskId !== task.id) return;
      if (entry.kind === "measurement") {
        const record = answer as ServerRecord;
        base.current = record.id;
        if (record.taskStatus) setTaskStatus(record.taskStatus);
        if (!loadDraft(scope)?.dirty) setSync("sent");
      } else if (entry.kind === "status") {
        setTaskStatus((answer as { status?: string }).status ?? "in_progress");
      } else if (entry.kind === "photo") {
        const doc = answer as { id: number; fileName: string; documentType: string | null; fileUrl: string };
        setPhotos((list) =>
          list.some((p) => p.id === doc.id) ? list : [...list, {
            id: doc.id,
            fileName: doc.fileName,
            documentType: doc.documentType,
            url: `${doc.fileUrl}?inline=1`,
          }]
        );
      } else if (entry.kind === "estimate") {
        // Separate estimates on request: the phone priced them as one, so their sum is what compares.
        const all = generatedEstimates(answer as GenerateAnswer);
        const serverTotal = all.reduce((sum, e) => sum + e.totalAmount, 0);
        const device = (entry.payload as EstimatePayload).deviceTotal;
        setEstimate(all[0]);
        setSeparateEstimates(all.length > 1 ? all : []);
        setTotalsDiffer(device === serverTotal ? null : { device, server: serverTotal });
        toast({ title: "Смета сохранена на сервере", description: "Расчет с устройства отправлен" });
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
    totalsDiffer,
    forget,
  };
}

export type MeasurementSession = ReturnType<typeof useMeasurementSession>;

/** The draft state line's text: where the values are. */
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

/** What POST /api/estimates/generate answers: the estimate, or the separate estimates one per work type. */
type GenerateAnswer = StoredEstimate | { estimates: StoredEstimate[] };

function generatedEstimates(answer: GenerateAnswer): StoredEstimate[] {
  return "estimates" in answer ? answer.estimates : [answer];
}
