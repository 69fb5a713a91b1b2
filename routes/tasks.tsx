import type { Context } from "hono";
import { assignableUsers, getTask, type TaskFilter, taskPage } from "../db/tasks.ts";
import { listCrews } from "../db/schedule.ts";
import { readsOf } from "../db/read_worker.ts";
import { objectChoices } from "../db/objects.ts";
import { estimateSplitRoles, hasRole } from "../domain/roles.ts";
import { taskManagerRoles, taskStatuses, toDateInput } from "../domain/tasks.ts";
import { taskStatusLabels } from "../domain/labels.ts";
import { countOf, taskForms } from "../domain/format.ts";
import { Island } from "../server/island.tsx";
import { companyScope, currentUser } from "../server/middleware/guard.ts";
import { seesOnlyOwnTasks } from "../domain/tasks.ts";
import type { AppEnv } from "../server/types.ts";
import TaskDialog from "../islands/TaskDialog.tsx";
import TaskDetailDialog from "../islands/TaskDetailDialog.tsx";
import ScheduleBoard from "../islands/ScheduleBoard.tsx";
import { moscowDate } from "../domain/dates.ts";
import { renderWorkPage } from "./_page.tsx";
import { ChosenObject, FilterForm, FilterSearch, FilterSelect, StatusFilter } from "./_filters.tsx";
import { EmptyState } from "../components/Card.tsx";
import { Icon } from "../components/Icon.tsx";
import { TaskCard, taskCard, taskDetailProps } from "./_tasks/TaskCard.tsx";
import { pageNumber, positiveInt } from "../server/query.ts";
import { pageHref, pageLinks, Pagination } from "../components/Pagination.tsx";

/** Cards per page: a page of 200 cards (each with its status menu island) cost ~80 ms at 5 000 tasks. */
const PAGE_SIZE = 48;

/**
 * /tasks: task cards, a page at a time, with filters by status, assignee and object; ?taskId= opens one task,
 * ?edit= its task-edit dialog (the schedule's), which goes back to the list with its filters.
 */
export default async function tasksPage(c: Context<AppEnv>) {
  const user = currentUser(c);
  const scope = companyScope(user);
  const { db, now } = c.get("deps");
  const at = now();
  const own = seesOnlyOwnTasks(user);
  const manager = hasRole(user.role, taskManagerRoles);

  const q = c.req.query();
  const status = (taskStatuses as readonly string[]).includes(q.status ?? "")
    ? q.status as TaskFilter["status"]
    : undefined;
  const assignedTo = own ? user.id : q.assignedTo === "none" ? "none" as const : positiveInt(q.assignedTo);
  const objectId = positiveInt(q.objectId);
  const objectQuery = objectId ? undefined : (q.q ?? "").trim().slice(0, 100) || undefined;
  const taskId = positiveInt(q.taskId);
  const editId = positiveInt(q.edit);
  const page = pageNumber(q.page);
  const paged: TaskFilter = {
    status,
    assignedTo,
    objectId,
    objectQuery,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  };

  const byViewer = { now: at, assignedTo: own ? user.id : undefined };
  const [{ tasks, total }, objects, people, opened, edited, crews] = await Promise.all([
    // A search reads every object it finds, and their tasks: off the request thread (db/read_worker.ts).
    objectQuery
      ? readsOf(c.get("deps")).read("taskSearch", { scope, filter: paged, now: at.getTime() })
      : taskPage(db, scope, { ...paged, now: at }),
    // The dialog's newest objects, and the object the list is for (named by the filter).
    manager || objectId ? objectChoices(db, scope, { chosen: objectId }) : [],
    own ? Promise.resolve([]) : assignableUsers(db, scope),
    taskId ? getTask(db, scope, taskId, byViewer) : Promise.resolve(null),
    editId ? getTask(db, scope, editId, byViewer) : Promise.resolve(null),
    editId ? listCrews(db, scope) : Promise.resolve([]),
  ]);
  const filtered = Boolean(status || (!own && assignedTo) || objectId || objectQuery);
  const chosenObject = objectId ? objects.find((o) => o.id === objectId) : undefined;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const params = {
    status,
    assignedTo: own || !assignedTo ? undefined : String(assignedTo),
    objectId: objectId ? String(objectId) : undefined,
    q: objectQuery,
  };
  const listHref = pageHref("/tasks", params, page);
  const editHref = (id: number) => `${listHref}${listHref.includes("?") ? "&" : "?"}edit=${id}`;
  const editable = (t: { assignedTo: number | null }) => manager || t.assignedTo === user.id;

  return renderWorkPage(c, {
    title: "Задачи",
    subtitle: own ? "Задачи, назначенные вам" : `${countOf(total, taskForms)}`,
    action: manager
      ? (
        <Island
          cached
          component={TaskDialog}
          props={{
            mode: "task",
            objects,
            assignees: people.map((p) => ({ id: p.id, name: p.name })),
            today: toDateInput(at),
            chooseEstimates: hasRole(user.role, estimateSplitRoles),
            trigger: "Создать задачу",
            openOnLoad: q.new === "1" ? String(objectId ?? "") : undefined,
          }}
        />
      )
      : undefined,
    body: (
      <div className="stack-lg">
        <FilterForm action="/tasks" label="Фильтры задач" submit="Показать" filtered={filtered}>
          <StatusFilter value={status} statuses={taskStatuses} labels={taskStatusLabels} />
          {!own && (
            <FilterSelect
              label="Исполнитель"
              name="assignedTo"
              value={assignedTo || undefined}
              all="Все исполнители"
              extra={<option value="none">Не назначено</option>}
              options={people.map((p) => ({ value: p.id, label: p.name }))}
            />
          )}
          {chosenObject
            ? (
              <ChosenObject
                object={chosenObject}
                clearHref={pageHref("/tasks", { ...params, objectId: undefined }, 1)}
              />
            )
            : <FilterSearch label="Объект" value={objectQuery} placeholder="Адрес, клиент или телефон" />}
        </FilterForm>

        {(taskId && !opened || editId && !(edited && editable(edited))) && (
          <div className="notice notice-warning" role="status">
            <Icon name="alert" />
            <p>Задача не найдена или недоступна вам.</p>
          </div>
        )}

        {tasks.length === 0
          ? (
            <div className="card">
              <EmptyState
                icon="tasks"
                text="Нет задач"
                hint={filtered
                  ? "Измените условия фильтра."
                  : manager
                  ? "Создайте первую задачу."
                  : undefined}
              />
            </div>
          )
          : (
            <div className="grid-cards task-grid">
              {tasks.map((t) => (
                <TaskCard
                  key={t.id}
                  card={taskCard(t, {
                    canChangeStatus: editable(t),
                    editHref: editable(t) ? editHref(t.id) : undefined,
                  })}
                />
              ))}
            </div>
          )}
        <Pagination {...pageLinks(page, pages, (n) => pageHref("/tasks", params, n))} />
        {edited && editable(edited) && (
          <Island
            component={ScheduleBoard}
            props={{
              canAssign: manager,
              today: moscowDate(at),
              people: people.map((p) => ({ id: p.id, name: p.name })),
              crews: crews.map((cr) => ({ id: cr.id, name: cr.name })),
              tasks: [{
                id: edited.id,
                title: edited.title,
                objectId: edited.objectId,
                assignedTo: edited.assignedTo,
                crewId: edited.crewId,
                scheduledDate: edited.scheduledDate,
                windowStart: edited.windowStart,
                windowEnd: edited.windowEnd,
                description: edited.description,
              }],
              editOnLoad: { taskId: edited.id, returnTo: listHref },
            }}
          />
        )}
        {opened && (
          <Island
            component={TaskDetailDialog}
            props={{
              task: taskDetailProps(opened),
              canChangeStatus: manager || opened.assignedTo === user.id,
              canChooseEstimates: hasRole(user.role, estimateSplitRoles),
              // The task's measuring screen (/field-work lists the active tasks with an object).
              measureUrl: opened.objectId &&
                  ["assigned", "pending", "in_progress"].includes(opened.storedStatus) &&
                  (manager || opened.assignedTo === user.id)
                ? `/field-work?taskId=${opened.id}`
                : null,
            }}
          />
        )}
      </div>
    ),
  });
}
