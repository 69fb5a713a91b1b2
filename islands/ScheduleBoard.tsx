// The calendar's one island (issue 28, issue 25 item 3): moves the server-rendered tasks of /schedule — by
// native HTML5 drag and drop on a desktop (no library: the grid is the server's, the island only listens), by
// the day list's menu on a phone — and holds the task-edit dialog. A conflict answers 409 with the conflicting
// tasks: the confirm dialog lists them and sends the change again with `confirm: true`.
import { useEffect, useState } from "react";
import { Dialog, DialogContent, SubmitFooter } from "../components/Dialog.tsx";
import { api, ApiRequestError } from "../components/api.ts";
import { toastAfterNavigation, toastError } from "../components/toast.ts";
import { DAY_END, DAY_START, formatMinutes } from "../domain/schedule.ts";

interface EditableTask {
  id: number;
  title: string;
  objectId: number | null;
  assignedTo: number | null;
  crewId: number | null;
  scheduledDate: string | null;
  windowStart: number | null;
  windowEnd: number | null;
  description: string | null;
}

export interface ScheduleBoardProps {
  /** The roles that assign move anyone's task and change its person; the others move their own. */
  canAssign: boolean;
  today: string;
  people: { id: number; name: string }[];
  crews: { id: number; name: string }[];
  tasks: EditableTask[];
}

type Change = Record<string, string | number | null | boolean>;

const slots = Array.from({ length: (DAY_END - DAY_START) / 30 + 1 }, (_, i) => DAY_START + i * 30);

export default function ScheduleBoard({ canAssign, today, people, crews, tasks }: ScheduleBoardProps) {
  const [editing, setEditing] = useState<EditableTask | null>(null);
  const [pending, setPending] = useState<{ taskId: number; change: Change; conflicts: string[] } | null>(
    null,
  );

  async function send(taskId: number, change: Change) {
    try {
      await api(`/api/tasks/${taskId}`, { method: "PATCH", body: change });
      toastAfterNavigation({ title: "Задача перенесена", variant: "success" });
      location.reload();
      return true;
    } catch (e) {
      if (e instanceof ApiRequestError && e.status === 409) {
        setPending({ taskId, change, conflicts: e.errors.conflicts ?? [] });
      } else {
        toastError(e instanceof Error ? e.message : "Не удалось изменить задачу");
      }
      return false;
    }
  }

  useEffect(() => {
    const byId = new Map(tasks.map((t) => [t.id, t]));
    const onDragStart = (e: DragEvent) => {
      const el = (e.target as HTMLElement).closest<HTMLElement>("[data-task-id][draggable]");
      if (el && e.dataTransfer) {
        e.dataTransfer.setData("text/plain", el.dataset.taskId!);
        e.dataTransfer.effectAllowed = "move";
      }
    };
    const cellOf = (e: Event) => (e.target as HTMLElement).closest<HTMLElement>("[data-drop-day]");
    const onDragOver = (e: DragEvent) => {
      const cell = cellOf(e);
      if (!cell) return;
      e.preventDefault();
      cell.classList.add("is-drop");
    };
    const onDragLeave = (e: DragEvent) => cellOf(e)?.classList.remove("is-drop");
    const onDrop = (e: DragEvent) => {
      const cell = cellOf(e);
      const id = Number(e.dataTransfer?.getData("text/plain"));
      if (!cell || !byId.has(id)) return;
      e.preventDefault();
      cell.classList.remove("is-drop");
      const task = byId.get(id)!;
      const change: Change = { scheduledDate: cell.dataset.dropDay! };
      const person = Number(cell.dataset.dropPerson);
      const crew = Number(cell.dataset.dropCrew);
      if (canAssign && person && person !== task.assignedTo) change.assignedTo = person;
      if (canAssign && crew && crew !== task.crewId) change.crewId = crew;
      if (change.scheduledDate === task.scheduledDate && Object.keys(change).length === 1) return;
      send(id, change);
    };
    const onClick = (e: MouseEvent) => {
      const target = e.target as HTMLElement;
      const edit = target.closest<HTMLElement>("[data-edit-task]");
      if (edit) setEditing(byId.get(Number(edit.dataset.editTask)) ?? null);
      const move = target.closest<HTMLElement>("[data-move-task]");
      if (move) send(Number(move.dataset.moveTask), { scheduledDate: move.dataset.moveTo! });
    };
    document.addEventListener("dragstart", onDragStart);
    document.addEventListener("dragover", onDragOver);
    document.addEventListener("dragleave", onDragLeave);
    document.addEventListener("drop", onDrop);
    document.addEventListener("click", onClick);
    document.documentElement.classList.add("sched-ready");
    return () => {
      document.removeEventListener("dragstart", onDragStart);
      document.removeEventListener("dragover", onDragOver);
      document.removeEventListener("dragleave", onDragLeave);
      document.removeEventListener("drop", onDrop);
      document.removeEventListener("click", onClick);
    };
  }, []);

  return (
    <>
      {editing && (
        <TaskEditDialog
          task={editing}
          canAssign={canAssign}
          today={today}
          people={people}
          crews={crews}
          onClose={() => setEditing(null)}
          onSave={async (change) => {
            if (await send(editing.id, change)) setEditing(null);
          }}
        />
      )}
      <Dialog open={pending !== null} title="Пересечение по времени" onClose={() => setPending(null)}>
        <DialogContent
          footer={
            <>
              <button type="button" className="btn btn-secondary" onClick={() => setPending(null)}>
                Отмена
              </button>
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => pending && send(pending.taskId, { ...pending.change, confirm: true })}
              >
                Назначить всё равно
              </button>
            </>
          }
        >
          <p>В это время уже заняты:</p>
          <ul className="sched-conflicts">
            {pending?.conflicts.map((c) => <li key={c}>{c}</li>)}
          </ul>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** The task-edit screen: person, crew, day, window and description; «Подобрать день» asks the route. */
function TaskEditDialog({ task, canAssign, today, people, crews, onClose, onSave }: {
  task: EditableTask;
  canAssign: boolean;
  today: string;
  people: ScheduleBoardProps["people"];
  crews: ScheduleBoardProps["crews"];
  onClose: () => void;
  onSave: (change: Change) => Promise<void>;
}) {
  const [assignedTo, setAssignedTo] = useState(task.assignedTo ? String(task.assignedTo) : "");
  const [crewId, setCrewId] = useState(task.crewId ? String(task.crewId) : "");
  const [day, setDay] = useState(task.scheduledDate ?? "");
  const [start, setStart] = useState(task.windowStart === null ? "" : String(task.windowStart));
  const [end, setEnd] = useState(task.windowEnd === null ? "" : String(task.windowEnd));
  const [description, setDescription] = useState(task.description ?? "");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [days, setDays] = useState<{ day: string; tasks: number; extraKm: number }[] | null>(null);

  async function suggest() {
    if (!task.objectId || !assignedTo) return setError("Выберите исполнителя, чтобы подобрать день");
    try {
      setDays(await api(`/api/schedule/suggest?objectId=${task.objectId}&personId=${assignedTo}`));
    } catch (e) {
      setError(e instanceof Error ? e.message : "Не удалось подобрать день");
    }
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if ((start === "") !== (end === "")) return setError("Укажите начало и конец времени визита");
    const change: Change = {
      scheduledDate: day || null,
      windowStart: start === "" ? null : Number(start),
      windowEnd: end === "" ? null : Number(end),
      description: description.trim() || null,
    };
    if (canAssign) {
      change.assignedTo = assignedTo ? Number(assignedTo) : null;
      change.crewId = crewId ? Number(crewId) : null;
    }
    setBusy(true);
    setError("");
    await onSave(change);
    setBusy(false);
  }

  const windowSelect = (id: string, label: string, value: string, set: (v: string) => void) => (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => set(e.target.value)}>
        <option value="">—</option>
        {slots.map((m) => <option key={m} value={m}>{formatMinutes(m)}</option>)}
      </select>
    </div>
  );

  return (
    <Dialog open title={`Изменить задачу: ${task.title}`} onClose={onClose}>
      <DialogContent
        onSubmit={submit}
        footer={<SubmitFooter onCancel={onClose} busy={busy} label="Сохранить" />}
      >
        <div className="stack">
          {canAssign && (
            <div className="field">
              <label htmlFor="edit-assignee">Исполнитель</label>
              <select id="edit-assignee" value={assignedTo} onChange={(e) => setAssignedTo(e.target.value)}>
                <option value="">Не назначено</option>
                {people.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
              </select>
            </div>
          )}
          {canAssign && crews.length > 0 && (
            <div className="field">
              <label htmlFor="edit-crew">Бригада</label>
              <select id="edit-crew" value={crewId} onChange={(e) => setCrewId(e.target.value)}>
                <option value="">Без бригады</option>
                {crews.map((cr) => <option key={cr.id} value={cr.id}>{cr.name}</option>)}
              </select>
            </div>
          )}
          <div className="field">
            <label htmlFor="edit-day">Дата</label>
            <input
              id="edit-day"
              type="date"
              min={today}
              value={day}
              onChange={(e) => setDay(e.target.value)}
            />
          </div>
          <div className="row">
            {windowSelect("edit-start", "С", start, setStart)}
            {windowSelect("edit-end", "До", end, setEnd)}
          </div>
          {task.objectId && canAssign && (
            <div className="stack-sm">
              <button type="button" className="btn btn-outline" onClick={suggest}>Подобрать день</button>
              {days && days.length === 0 && <p className="muted">В ближайшие две недели нет дней по пути</p>}
              {days && days.length > 0 && (
                <div className="row">
                  {days.map((d) => (
                    <button
                      key={d.day}
                      type="button"
                      className="btn btn-ghost"
                      onClick={() => setDay(d.day)}
                    >
                      {d.day.split("-").reverse().join(".")} (+{d.extraKm} км)
                    </button>
                  ))}
                </div>
              )}
            </div>
          )}
          <div className="field">
            <label htmlFor="edit-description">Описание</label>
            <textarea
              id="edit-description"
              rows={3}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          </div>
          {error && <p className="field-error" role="alert">{error}</p>}
        </div>
      </DialogContent>
    </Dialog>
  );
}
