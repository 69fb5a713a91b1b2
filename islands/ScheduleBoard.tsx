// The calendar's one island: moves the server-rendered tasks of /schedule — by
// native HTML5 drag and drop on a desktop (no library: the grid is the server's, the island only listens), by
// the day list's menu on a phone — and holds the task-edit dialog. A conflict answers 409 with the conflicting
// tasks: the confirm dialog lists them and sends the change again with `confirm: true`.
// The day view's time: a task's window handle dragged up or down moves the window by quarters of an
// hour (pointer events, so a finger on a touch screen drags it too), its lower edge changes the length; the
// «Время» dialog does the same from a click, a tap or the keyboard. A refused change puts the window back.
import { useEffect, useRef, useState } from "react";
import { Dialog, DialogContent, SubmitFooter } from "../components/Dialog.tsx";
import { ApiRequestError, call, client } from "../components/api.ts";
import { toastAfterNavigation, toastError } from "../components/toast.ts";
import {
  DAY_END,
  DAY_START,
  DRAG_STEP,
  dragWindow,
  formatMinutes,
  formatWindow,
} from "../domain/schedule.ts";

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
  /**
   * /tasks?edit= opens the task-edit dialog of this task at once; a save or a close goes back to `returnTo`
   * (the list with its filters) instead of reloading.
   */
  editOnLoad?: { taskId: number; returnTo: string };
}

type Change = Record<string, string | number | null | boolean>;

const slots = Array.from({ length: (DAY_END - DAY_START) / 30 + 1 }, (_, i) => DAY_START + i * 30);
const quarterSlots = Array.from(
  { length: (DAY_END - DAY_START) / DRAG_STEP + 1 },
  (_, i) => DAY_START + i * DRAG_STEP,
);
/** Pixels of pointer travel per quarter of an hour. */
const PX_PER_STEP = 12;

/** The server's reason in one line: the first field message, else the answer's message. */
function reasonOf(e: unknown): string {
  if (e instanceof ApiRequestError) return Object.values(e.errors).flat()[0] ?? e.message;
  return e instanceof Error ? e.message : "неизвестная ошибка";
}

export default function ScheduleBoard(
  { canAssign, today, people, crews, tasks, editOnLoad }: ScheduleBoardProps,
) {
  const [editing, setEditing] = useState<EditableTask | null>(
    () => tasks.find((t) => t.id === editOnLoad?.taskId) ?? null,
  );
  const [timing, setTiming] = useState<EditableTask | null>(null);
  const [pending, setPending] = useState<
    { taskId: number; change: Change; conflicts: string[]; undo?: () => void; done: string } | null
  >(null);
  /** The time dialog's task is opened by id from the page's buttons; the drag handler reads the tasks here. */
  const tasksById = useRef(new Map(tasks.map((t) => [t.id, t])));

  /** Saves a change; `undo` puts a dragged window back when the change is refused or the conflict cancelled. */
  async function send(taskId: number, change: Change, undo?: () => void, done = "Задача перенесена") {
    try {
      await call(client.tasks[":id"].$patch({ param: { id: String(taskId) }, json: change }));
      if (editOnLoad) {
        toastAfterNavigation({ title: "Задача изменена", variant: "success" });
        location.assign(editOnLoad.returnTo);
        return true;
      }
      toastAfterNavigation({ title: done, variant: "success" });
      location.reload();
      return true;
    } catch (e) {
      if (e instanceof ApiRequestError && e.status === 409) {
        setPending({ taskId, change, conflicts: e.errors.conflicts ?? [], undo, done });
      } else {
        undo?.();
        toastError(undo ? `Время не изменено: ${reasonOf(e)}` : reasonOf(e));
      }
      return false;
    }
  }

  function cancelPending() {
    pending?.undo?.();
    setPending(null);
  }

  useEffect(() => {
    const byId = tasksById.current;
    // A window being dragged: the handle's task, its window before, the mode and where the pointer went down.
    let gesture: {
      task: EditableTask;
      label: HTMLElement;
      mode: "move" | "resize";
      y: number;
      window: { start: number; end: number };
      moved: boolean;
    } | null = null;
    let swallowClick = false;
    const onPointerDown = (e: PointerEvent) => {
      swallowClick = false; // a drag released off its handle gives no click to swallow
      const handle = (e.target as HTMLElement).closest<HTMLElement>("[data-time-drag]");
      const task = handle && byId.get(Number(handle.dataset.timeTask));
      const label = handle?.closest(".sched-task")?.querySelector<HTMLElement>(".sched-time");
      if (!handle || !task || !label || task.windowStart === null || task.windowEnd === null) return;
      gesture = {
        task,
        label,
        mode: handle.dataset.timeDrag === "resize" ? "resize" : "move",
        y: e.clientY,
        window: { start: task.windowStart, end: task.windowEnd },
        moved: false,
      };
      handle.setPointerCapture(e.pointerId);
    };
    const onPointerMove = (e: PointerEvent) => {
      if (!gesture) return;
      const steps = Math.round((e.clientY - gesture.y) / PX_PER_STEP);
      if (steps === 0 && !gesture.moved) return;
      gesture.moved = true;
      const next = dragWindow(gesture.window, steps * DRAG_STEP, gesture.mode);
      gesture.label.textContent = formatWindow(next.start, next.end);
      gesture.label.closest(".sched-task")?.classList.add("is-timing");
    };
    const onPointerUp = (e: PointerEvent) => {
      const g = gesture;
      gesture = null;
      if (!g?.moved) return;
      swallowClick = true;
      const chip = g.label.closest(".sched-task");
      const next = dragWindow(g.window, Math.round((e.clientY - g.y) / PX_PER_STEP) * DRAG_STEP, g.mode);
      const undo = () => {
        g.label.textContent = formatWindow(g.window.start, g.window.end);
        chip?.classList.remove("is-timing");
      };
      if (next.start === g.window.start && next.end === g.window.end) return undo();
      send(g.task.id, { windowStart: next.start, windowEnd: next.end }, undo, "Время изменено");
    };
    const onDragStart = (e: DragEvent) => {
      // A window handle drags the time, not the task to another day or person.
      if (gesture || (e.target as HTMLElement).closest?.("[data-time-drag]")) return e.preventDefault();
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
      if (swallowClick) {
        swallowClick = false;
        if (target.closest("[data-time-task]")) return;
      }
      const time = target.closest<HTMLElement>("[data-time-task]");
      if (time) setTiming(byId.get(Number(time.dataset.timeTask)) ?? null);
      const edit = target.closest<HTMLElement>("[data-edit-task]");
      if (edit) setEditing(byId.get(Number(edit.dataset.editTask)) ?? null);
      const move = target.closest<HTMLElement>("[data-move-task]");
      if (move) send(Number(move.dataset.moveTask), { scheduledDate: move.dataset.moveTo! });
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("pointermove", onPointerMove);
    document.addEventListener("pointerup", onPointerUp);
    document.addEventListener("pointercancel", onPointerUp);
    document.addEventListener("dragstart", onDragStart);
    document.addEventListener("dragover", onDragOver);
    document.addEventListener("dragleave", onDragLeave);
    document.addEventListener("drop", onDrop);
    document.addEventListener("click", onClick);
    document.documentElement.classList.add("sched-ready");
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("pointermove", onPointerMove);
      document.removeEventListener("pointerup", onPointerUp);
      document.removeEventListener("pointercancel", onPointerUp);
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
          onClose={() => {
            setEditing(null);
            if (editOnLoad) history.replaceState(null, "", editOnLoad.returnTo);
          }}
          onSave={async (change) => {
            if (await send(editing.id, change, undefined, "Задача изменена")) setEditing(null);
          }}
        />
      )}
      {timing && (
        <TimeDialog
          task={timing}
          onClose={() => setTiming(null)}
          onSave={async (w) => {
            const change = { windowStart: w.start, windowEnd: w.end };
            if (await send(timing.id, change, undefined, "Время изменено")) setTiming(null);
          }}
        />
      )}
      <Dialog open={pending !== null} title="Пересечение по времени" onClose={cancelPending}>
        <DialogContent
          footer={
            <>
              <button type="button" className="btn btn-secondary" onClick={cancelPending}>
                Отмена
              </button>
              <button
                type="button"
                className="btn btn-primary"
                onClick={() =>
                  pending &&
                  send(pending.taskId, { ...pending.change, confirm: true }, pending.undo, pending.done)}
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

/** «Время»: the window's start and end by quarters of an hour — the keyboard's and the phone's way to drag. */
function TimeDialog({ task, onClose, onSave }: {
  task: EditableTask;
  onClose: () => void;
  onSave: (w: { start: number; end: number }) => Promise<void>;
}) {
  const [start, setStart] = useState(task.windowStart ?? 9 * 60);
  const [end, setEnd] = useState(task.windowEnd ?? 10 * 60);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const select = (id: string, label: string, value: number, set: (v: number) => void) => (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => set(Number(e.target.value))}>
        {quarterSlots.map((m) => <option key={m} value={m}>{formatMinutes(m)}</option>)}
      </select>
    </div>
  );
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (end <= start) return setError("Конец окна должен быть позже начала");
    setBusy(true);
    setError("");
    await onSave({ start, end });
    setBusy(false);
  }
  return (
    <Dialog open title={`Время: ${task.title}`} onClose={onClose}>
      <DialogContent
        onSubmit={submit}
        footer={<SubmitFooter onCancel={onClose} busy={busy} label="Сохранить" />}
      >
        <div className="stack">
          <div className="row">
            {select("time-start", "Начало", start, (v) => {
              // Moving the start keeps the window's length, as dragging it does.
              setEnd(Math.min(DAY_END, v + (end - start)));
              setStart(v);
            })}
            {select("time-end", "Конец", end, setEnd)}
          </div>
          {error && <p className="field-error" role="alert">{error}</p>}
        </div>
      </DialogContent>
    </Dialog>
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
      setDays(
        await call(
          client.schedule.suggest.$get({
            query: { objectId: String(task.objectId), personId: String(assignedTo) },
          }),
        ),
      );
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
