// The steps that move a measurement task on the server: «Начать работу» (in progress; queued with no signal)
// and «Отправить инженеру» (the report completes the task).
import { useState } from "react";
import { ApiRequestError, call, client } from "../api.ts";
import { enqueueWork } from "../offline/sync.ts";
import { toast } from "../toast.ts";
import { errorMessage } from "../form.ts";
import type { MeasurementSession } from "./session.ts";

export function useTaskSteps(task: { id: number; objectId: number | null }, s: MeasurementSession) {
  const [busy, setBusy] = useState<"" | "start" | "send">("");

  async function start() {
    setBusy("start");
    try {
      await call(
        client.tasks[":id"].$patch({ param: { id: String(task.id) }, json: { status: "in_progress" } }),
      );
      s.setTaskStatus("in_progress");
      toast({ title: "Работа начата", description: "Задача в работе" });
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 0) {
        // No signal: the start waits on the phone and goes to the server, in order, when it returns.
        await enqueueWork("status", task.id, { status: "in_progress" });
        s.setTaskStatus("in_progress");
        toast({ title: "Работа начата", description: "Нет связи: статус отправится, когда появится связь" });
        return;
      }
      toast({
        title: "Ошибка",
        description: `Не удалось начать работу: ${errorMessage(error)}`,
        variant: "destructive",
      });
    } finally {
      setBusy("");
    }
  }

  async function sendToEngineer() {
    if (!s.estimate || !task.objectId) return;
    setBusy("send");
    try {
      // The conclusion and the last values go with the report.
      if (s.sync !== "sent" && !(await s.save(true))) return;
      const sent = await call(client["field-work"].report.$post({
        json: {
          objectId: task.objectId,
          taskId: task.id,
          estimateId: s.estimate.id,
          // With an estimate per work type, every one of them goes with the report.
          estimateIds: s.separateEstimates.map((e) => e.id),
          comment: s.notes.trim() || null,
        },
      }));
      if (sent.taskStatus) s.setTaskStatus(sent.taskStatus);
      toast({
        title: "Отправлено инженеру",
        description: "Смета и отчет у главного инженера, задача выполнена",
      });
      s.forget();
    } catch (error) {
      toast({
        title: "Ошибка",
        description: `Не удалось отправить инженеру: ${errorMessage(error)}`,
        variant: "destructive",
      });
    } finally {
      setBusy("");
    }
  }

  return { busy, start, sendToEngineer };
}
