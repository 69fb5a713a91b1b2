// The task's estimate: generated on the server from the saved record (one, or one per work type), priced on
// the phone when there is no signal, and replaced by the server's when the queue sends it.
import { useCallback, useState } from "react";
import { ApiRequestError } from "../api.ts";
import { toast } from "../toast.ts";
import { type WorkKind, workTypeOfKind } from "../../estimating/form.ts";
import { type FormConfig, toMeasurements } from "./model.ts";
import {
  type GenerateAnswer,
  generatedEstimates,
  generateOnServer,
  type SessionTask,
  type StoredEstimate,
} from "./session_api.ts";
import { priceWithoutSignal } from "./price_on_device.ts";
import type { MeasurementValues } from "./use_measurement_values.ts";

/** The phone's total and the server's, when the server priced the queued estimate differently. */
export interface TotalsDiffer {
  device: number;
  server: number;
}

export function useSessionEstimate(
  { task, config, kinds, record, save, savedOffline }: {
    task: SessionTask | null;
    config: FormConfig | null;
    kinds: readonly WorkKind[];
    record: MeasurementValues;
    save: (quiet?: boolean) => Promise<boolean>;
    /** The last save failed for want of a connection. */
    savedOffline: { current: boolean };
  },
) {
  const kindsKey = kinds.join();
  const { missing, latest } = record;
  const [estimate, setEstimate] = useState<StoredEstimate | null>(null);
  /** Separate estimates of the last generation, one per work type (empty for one estimate). */
  const [separateEstimates, setSeparateEstimates] = useState<StoredEstimate[]>([]);
  const [generating, setGenerating] = useState(false);
  const [totalsDiffer, setTotalsDiffer] = useState<TotalsDiffer | null>(null);

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
      if (!saved) {
        if (!savedOffline.current) return null;
        const priced = await priceWithoutSignal(task.id, body);
        if (priced) {
          setEstimate(priced);
          setTotalsDiffer(null);
        }
        return priced;
      }
      setTotalsDiffer(null);
      const all = await generateOnServer(body);
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

  /** The server's estimate for what the phone priced with no signal (the queue sent it): shown in its place. */
  const showServerEstimate = useCallback((answer: GenerateAnswer, deviceTotal: number) => {
    // Separate estimates on request: the phone priced them as one, so their sum is what compares.
    const all = generatedEstimates(answer);
    const serverTotal = all.reduce((sum, e) => sum + e.totalAmount, 0);
    setEstimate(all[0]);
    setSeparateEstimates(all.length > 1 ? all : []);
    setTotalsDiffer(deviceTotal === serverTotal ? null : { device: deviceTotal, server: serverTotal });
    toast({ title: "Смета сохранена на сервере", description: "Расчет с устройства отправлен" });
  }, []);

  return {
    estimate,
    setEstimate,
    separateEstimates,
    generate,
    generating,
    totalsDiffer,
    showServerEstimate,
  };
}
