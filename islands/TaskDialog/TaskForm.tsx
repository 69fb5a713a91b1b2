// The body of the task dialogs (loaded when one opens): the form and its validation.
import { type FormEvent, useId, useState } from "react";
import { taskPriorities } from "../../domain/tasks.ts";
import { assignMeasurementSchema, taskFormSchema } from "../../domain/task_forms.ts";
import { estimateSplitLabels, taskPriorityLabels } from "../../domain/labels.ts";
import { fieldBinder, SelectField, TextField } from "../../components/Field.tsx";
import { Icon } from "../../components/Icon.tsx";
import { DialogHead } from "../../components/Dialog.tsx";
import { ObjectPicker } from "../../components/ObjectPicker.tsx";
import { call, client } from "../../components/api.ts";
import { errorMessage, type Errors, firstErrors, serverErrors } from "../../components/form.ts";
import { toastAfterNavigation, toastError } from "../../components/toast.ts";
import { BusyButton } from "../../components/BusyButton.tsx";

export interface TaskFormProps {
  /** "task": the general add-task form; "measurement": assign a measurement to a surveyor. */
  mode: "task" | "measurement";
  /** The company's newest objects; the form searches the others. */
  objects: { id: number; address: string }[];
  assignees: { id: number; name: string }[];
  /** Today in Moscow, 'YYYY-MM-DD': the date input's minimum. */
  today: string;
  /** Offer «Сметы по видам работ»; without it the task gets the default, one estimate. */
  chooseEstimates: boolean;
  /** The preselected object ("" for none). */
  objectId: string;
  /** The id of the heading that names the dialog. */
  titleId: string;
  close: () => void;
}

function emptyValues(mode: TaskFormProps["mode"], objectId: string) {
  return {
    title: mode === "measurement" ? "Замер на объекте" : "",
    description: "",
    dueDate: "",
    objectId,
    assignedTo: "",
    priority: mode === "measurement" ? "high" : "medium",
    estimateSplit: "combined" as keyof typeof estimateSplitLabels,
  };
}

/**
 * The add-task and assign-measurement forms (the objects and shop spec's «Validation rules»); a new task
 * reloads the page with its toast.
 */
export default function TaskForm(
  { mode, objects, assignees, today, chooseEstimates, objectId, titleId, close }: TaskFormProps,
) {
  const [values, setValues] = useState(() => emptyValues(mode, objectId));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const id = useId();
  const measurement = mode === "measurement";
  const noSurveyors = measurement && assignees.length === 0;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const schema = measurement ? assignMeasurementSchema : taskFormSchema;
    const { estimateSplit, ...fields } = values;
    const payload = {
      ...fields,
      ...(chooseEstimates ? { separateEstimates: estimateSplit === "separate" } : {}),
      objectId: values.objectId,
      assignedTo: values.assignedTo || null,
      status: "assigned" as const,
      priority: values.priority as typeof taskPriorities[number],
      measurement,
    };
    const parsed = schema.safeParse(payload);
    if (!parsed.success) return setErrors(firstErrors(parsed.error));
    setBusy(true);
    try {
      await call(client.tasks.$post({
        json: {
          ...payload,
          objectId: Number(values.objectId),
          assignedTo: values.assignedTo ? Number(values.assignedTo) : null,
        },
      }));
      const who = assignees.find((a) => String(a.id) === values.assignedTo)?.name;
      toastAfterNavigation(
        measurement
          ? { title: "Задача на замер назначена", description: `Исполнитель: ${who}`, variant: "success" }
          : {
            title: "Задача создана",
            description: who ? `Исполнитель: ${who}` : undefined,
            variant: "success",
          },
      );
      close();
      location.reload();
    } catch (error) {
      setErrors(serverErrors(error));
      toastError(
        measurement ? `Не удалось создать задачу: ${errorMessage(error)}` : "Не удалось создать задачу",
      );
    } finally {
      setBusy(false);
    }
  }

  const bind = fieldBinder({ id, values, errors, onChange: setValues });

  return (
    <form onSubmit={submit} noValidate>
      <DialogHead
        title={measurement ? "Назначить замер" : "Новая задача"}
        titleId={titleId}
        onClose={close}
      />
      <div className="dialog-body stack">
        {noSurveyors && (
          <div className="notice notice-warning" role="status">
            <Icon name="alert" />
            <p>
              В компании нет зарегистрированных замерщиков. Добавьте сотрудников с ролью «Инженер-замерщик» в
              разделе <a href="/employees">Команда</a>.
            </p>
          </div>
        )}
        <ObjectPicker newest={objects} field={bind("objectId")} />
        <TextField {...bind("title")} label="Название" required maxLength={300} />
        <TextField {...bind("description")} label="Описание" required={measurement} multiline />
        <div className="grid-2">
          <TextField {...bind("dueDate")} label="Срок выполнения" required type="date" min={today} />
          <SelectField
            {...bind("priority")}
            label="Приоритет"
            options={taskPriorities.map((p) => [p, taskPriorityLabels[p].label])}
          />
        </div>
        <SelectField
          {...bind("assignedTo")}
          label={measurement ? "Замерщик" : "Исполнитель"}
          required={measurement}
          disabled={noSurveyors}
          options={[
            ["", measurement ? "Выберите замерщика" : "Не назначено"],
            ...assignees.map((a) => [String(a.id), a.name] as const),
          ]}
        />
        {chooseEstimates && (
          <SelectField
            {...bind("estimateSplit")}
            label="Сметы по видам работ"
            hint="Для объекта с несколькими видами работ: замерщик увидит, какие сметы будут сделаны"
            options={Object.entries(estimateSplitLabels)}
          />
        )}
      </div>
      <div className="dialog-foot">
        <button type="button" className="btn btn-secondary" onClick={close}>
          Отмена
        </button>
        <BusyButton
          type="submit"
          className="btn btn-primary"
          busy={busy}
          busyLabel="Сохранение…"
          disabled={noSurveyors}
        >
          {measurement ? "Назначить" : "Создать задачу"}
        </BusyButton>
      </div>
    </form>
  );
}
