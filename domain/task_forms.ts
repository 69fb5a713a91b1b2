// The task dialogs' payloads (the objects and shop spec's «Validation rules»), shared by the server and the
// dialog island (zod/mini keeps it small).
import * as z from "zod/mini";
import { taskPriorities, taskStatuses } from "./enums.ts";
import { parseDueDate } from "./tasks.ts";
import { isRecordId, recordId } from "./bounds.ts";

const dueDate = z.string({ error: "Срок выполнения обязателен" }).check(
  z.minLength(1, "Срок выполнения обязателен"),
  z.refine((v) => v === "" || parseDueDate(v) !== null, "Некорректная дата"),
);
const objectId = recordId("Необходимо выбрать объект");
/** An assignee: a user id, or null or '' for nobody. */
const optionalUserId = z.optional(z.nullable(
  z.union([z.number(), z.string()]).check(
    z.refine(
      (v) => v === "" || isRecordId(typeof v === "string" && /^\d{1,16}$/.test(v) ? Number(v) : v),
      "Исполнитель не найден",
    ),
  ),
));

export const ESTIMATE_SPLIT_MESSAGE = "Выберите: одна общая смета или отдельная на каждый вид работ";
/** «Сметы по видам работ»: true, a separate estimate per work type; set by estimateSplitRoles. */
export const separateEstimates = z.optional(z.boolean({ error: ESTIMATE_SPLIT_MESSAGE }));

/** The add-task dialog (the objects and shop spec's «Validation rules» 'Task (general)'). */
export const taskFormSchema = z.object({
  title: z.string({ error: "Название обязательно" }).check(z.trim(), z.minLength(1, "Название обязательно")),
  description: z.optional(z.nullable(z.string())),
  dueDate,
  objectId,
  assignedTo: optionalUserId,
  status: z.optional(z.enum(taskStatuses)),
  priority: z.optional(z.enum(taskPriorities)),
  separateEstimates,
});

/** The assign-measurement dialog: description and surveyor are required too. */
export const assignMeasurementSchema = z.object({
  title: z.string({ error: "Название обязательно" }).check(z.trim(), z.minLength(1, "Название обязательно")),
  description: z.string({ error: "Описание обязательно" }).check(
    z.trim(),
    z.minLength(1, "Описание обязательно"),
  ),
  dueDate,
  objectId,
  assignedTo: recordId("Замерщик обязателен"),
  status: z.optional(z.enum(taskStatuses)),
  priority: z.optional(z.enum(taskPriorities)),
  separateEstimates,
});
