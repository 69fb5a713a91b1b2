import type { Context } from "hono";
import { type CalendarTask, calendarTasks, listCrews, unscheduledTasks } from "../db/schedule.ts";
import { assignableUsers } from "../db/tasks.ts";
import { seesOnlyOwnTasks, taskManagerRoles, type TaskStatus, taskStatuses } from "../domain/tasks.ts";
import { hasRole, type Role, roleLabels } from "../domain/roles.ts";
import { taskStatusLabels, workTypeLabels } from "../domain/labels.ts";
import { addDays, formatLeg, formatWindow, orderRoute, routeTotal, weekOf } from "../domain/schedule.ts";
import { moscowDate } from "../domain/dates.ts";
import { formatMkadDistance } from "../domain/geo.ts";
import { isCalendarDate } from "../domain/calendar_date.ts";
import { positiveInt } from "../server/query.ts";
import { companyScope, currentUser } from "../server/middleware/guard.ts";
import { CachedHtml, Island } from "../server/island.tsx";
import type { AppEnv } from "../server/types.ts";
import ScheduleBoard from "../islands/ScheduleBoard.tsx";
import { renderWorkPage } from "./_page.tsx";
import { FilterForm, FilterSelect } from "./_filters.tsx";

const weekdays = ["Пн", "Вт", "Ср", "Чт", "Пт", "Сб", "Вс"];
const dayLabel = (day: string, i?: number) => {
  const [, m, d] = day.split("-");
  return `${i === undefined ? "" : `${weekdays[i]}, `}${d}.${m}`;
};

/** «Истра · Северо-запад · 35 км от МКАД». */
function siteLine(t: CalendarTask): string {
  return [
    t.settlement,
    t.direction,
    t.distanceFromMKAD == null ? null : formatMkadDistance(t.distanceFromMKAD),
  ]
    .filter(Boolean).join(" · ");
}

/** Exactly what a task's chip shows (and what the line beside it says): the chip is cached per these values. */
interface ChipData {
  id: number;
  title: string;
  status: CalendarTask["status"];
  /** «09:00–11:00», or "" without a window. */
  window: string;
  site: string;
  /** The crew's name, when the row is not the crew's own. */
  crew: string | null;
  movable: boolean;
  /** The day view's window handles (a movable task). */
  handles: boolean;
  /** The leg of the day's route before it (the day view), or the assignee beside it (the list without a date). */
  before: string | null;
  after: string | null;
}

function chipData(
  t: CalendarTask,
  o: { movable: boolean; crewNote?: boolean; timed?: boolean; before?: string | null; after?: string | null },
): ChipData {
  return {
    id: t.id,
    title: t.title,
    status: t.status,
    window: formatWindow(t.windowStart, t.windowEnd),
    site: siteLine(t) || t.address || "Объект не указан",
    crew: o.crewNote ? t.crewName : null,
    movable: o.movable,
    handles: Boolean(o.timed && o.movable),
    before: o.before ?? null,
    after: o.after ?? null,
  };
}

/**
 * One task as the grid and the lists show it, rendered once per what it shows (server/island.tsx CachedHtml):
 * draggable on a desktop when the viewer may move it. In the day view its window is a handle: dragged up or
 * down it moves the window, its lower edge changes the length, a click or Enter opens the «Время» dialog.
 */
function ScheduleChip({ chip }: { chip: ChipData }) {
  return <CachedHtml name="ScheduleChip" data={chip} render={() => <ChipContent {...chip} />} />;
}

function ChipContent({ id, title, status, window, site, crew, movable, handles, before, after }: ChipData) {
  return (
    <>
      {before !== null && <span className="sched-leg">{before}</span>}
      <div
        className={`sched-task status-${status}`}
        data-task-id={id}
        draggable={movable ? "true" : undefined}
      >
        {handles && (
          <button
            type="button"
            className="sched-time"
            data-time-task={id}
            data-time-drag={window ? "move" : undefined}
            aria-label={window
              ? `Время ${window}: потяните вверх или вниз, чтобы сдвинуть, или нажмите, чтобы изменить`
              : "Указать время"}
          >
            {window || "Время"}
          </button>
        )}
        <a href={`/tasks?taskId=${id}`} className="sched-task-title">
          {window && !handles && <strong>{window}</strong>} {title}
        </a>
        <span className="sched-task-site">{site}</span>
        {crew && <span className="muted">Бригада: {crew}</span>}
        {movable && (
          <button type="button" className="btn btn-ghost btn-sm sched-edit" data-edit-task={id}>
            Изменить
          </button>
        )}
        {handles && window && (
          <span
            className="sched-resize"
            data-time-task={id}
            data-time-drag="resize"
            title="Потяните, чтобы изменить длительность"
            aria-hidden="true"
          />
        )}
      </div>
      {after !== null && <span className="muted">{after}</span>}
    </>
  );
}

interface Row {
  key: string;
  label: string;
  personId?: number;
  crewId?: number;
}

/**
 * /schedule: the calendar. Week or day, per person and per crew, server-rendered; filters in the
 * address; the unscheduled tasks aside. ScheduleBoard (a small island) moves tasks by drag and drop on a desktop
 * and by a menu on a phone, and opens the task-edit dialog. A surveyor or foreman sees their own calendar.
 */
export default async function schedulePage(c: Context<AppEnv>) {
  const user = currentUser(c);
  const scope = companyScope(user);
  const { db, now } = c.get("deps");
  const at = now();
  const q = c.req.query();
  const own = seesOnlyOwnTasks(user);
  const manager = hasRole(user.role, taskManagerRoles);
  const today = moscowDate(at);
  const date = q.date && isCalendarDate(q.date) ? q.date : today;
  const view = q.view === "day" ? "day" : "week";
  const days = view === "day" ? [date] : weekOf(date);
  const personId = own ? user.id : positiveInt(q.personId);
  const crewId = own ? undefined : positiveInt(q.crewId);
  const role = own ? undefined : q.role && q.role in roleLabels ? q.role : undefined;
  const workType = q.workType && q.workType in workTypeLabels ? q.workType : undefined;
  const status = (taskStatuses as readonly string[]).includes(q.status ?? "")
    ? q.status as TaskStatus
    : undefined;
  const filter = { personId, crewId, role, workType, status, now: at };

  const [tasks, unscheduled, people, crews] = await Promise.all([
    calendarTasks(db, scope, { ...filter, from: days[0], to: days[days.length - 1] }),
    unscheduledTasks(db, scope, filter),
    own ? Promise.resolve([]) : assignableUsers(db, scope),
    listCrews(db, scope),
  ]);
  const shownPeople = own
    ? [{ id: user.id, name: "Мои задачи", role: user.role }]
    : people.filter((p) => (!role || p.role === role) && (!personId || p.id === personId));
  const rows: Row[] = [
    ...shownPeople.map((p) => ({ key: `p${p.id}`, label: p.name, personId: p.id })),
    ...(own || personId || role ? [] : crews.filter((cr) => !crewId || cr.id === crewId))
      .map((cr) => ({ key: `c${cr.id}`, label: `Бригада «${cr.name}»`, crewId: cr.id })),
  ];
  const inRow = (r: Row, t: CalendarTask) =>
    r.crewId ? t.crewId === r.crewId : t.assignedTo === r.personId || t.people.includes(r.personId!);
  const movable = (t: CalendarTask) => manager || t.assignedTo === user.id;
  const href = (o: Record<string, string | undefined>) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries({ ...q, ...o })) if (v) p.set(k, v);
    return `/schedule?${p}`;
  };
  const step = view === "day" ? 1 : 7;
  const filtered = Boolean(personId && !own || crewId || role || workType || status);

  const grid = (
    <div className="sched-grid-wrap">
      <table className="sched-grid">
        <thead>
          <tr>
            <th scope="col">{own ? "" : "Сотрудник / бригада"}</th>
            {days.map((d, i) => (
              <th key={d} scope="col" className={d === today ? "is-today" : undefined}>
                <a href={href({ view: "day", date: d })}>{dayLabel(d, view === "day" ? undefined : i)}</a>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{r.label}</th>
              {days.map((d) => {
                const here = tasks.filter((t) => t.scheduledDate === d && inRow(r, t));
                const ordered = view === "day" ? orderRoute(here) : here.map((site) => ({ site, leg: null }));
                return (
                  <td
                    key={d}
                    data-drop-day={d}
                    data-drop-person={r.personId}
                    data-drop-crew={r.crewId}
                  >
                    {ordered.map(({ site, leg }) => (
                      <ScheduleChip
                        key={site.id}
                        chip={chipData(site, {
                          movable: movable(site),
                          crewNote: !r.crewId,
                          timed: view === "day",
                          before: leg && formatLeg(leg),
                        })}
                      />
                    ))}
                    {view === "day" && ordered.length > 1 && (
                      <p className="sched-total">Весь маршрут: {formatLeg(routeTotal(ordered))}</p>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );

  // The phone's list: each day's tasks in route order, with a menu of the same actions.
  const list = (
    <div className="sched-list">
      {days.map((d, i) => {
        const route = orderRoute(tasks.filter((t) => t.scheduledDate === d));
        return (
          <section key={d} className="card stack-sm">
            <h2 className="sched-day">{dayLabel(d, view === "day" ? undefined : i)}</h2>
            {route.length === 0 && <p className="muted">Нет задач</p>}
            {route.map(({ site: t, leg }) => (
              <article key={t.id} className="sched-item" data-task-id={t.id}>
                {leg && <span className="sched-leg">{formatLeg(leg)}</span>}
                <a href={`/tasks?taskId=${t.id}`} className="sched-task-title">
                  {formatWindow(t.windowStart, t.windowEnd) || "Весь день"} · {t.title}
                </a>
                <span className="sched-task-site">{siteLine(t) || t.address}</span>
                <span className="muted">{t.assigneeName ?? t.crewName ?? "Не назначено"}</span>
                {movable(t) && (
                  <details className="sched-menu">
                    <summary className="btn btn-outline">Действия</summary>
                    <div className="sched-menu-items">
                      <button
                        type="button"
                        className="btn btn-ghost"
                        data-move-task={t.id}
                        data-move-to={addDays(d, 1)}
                      >
                        Перенести на завтра
                      </button>
                      <button
                        type="button"
                        className="btn btn-ghost"
                        data-move-task={t.id}
                        data-move-to={addDays(d, -1)}
                      >
                        На день раньше
                      </button>
                      <button type="button" className="btn btn-ghost" data-time-task={t.id}>Время…</button>
                      <button type="button" className="btn btn-ghost" data-edit-task={t.id}>Изменить…</button>
                    </div>
                  </details>
                )}
              </article>
            ))}
          </section>
        );
      })}
    </div>
  );

  const editable = [...tasks, ...unscheduled].filter(movable);
  return renderWorkPage(c, {
    title: "Расписание",
    subtitle: view === "day"
      ? `День ${dayLabel(date)}`
      : `Неделя ${dayLabel(days[0])} — ${dayLabel(days[6])}`,
    body: (
      <div className="stack-lg schedule">
        <nav className="row sched-nav" aria-label="Период">
          <a className="btn btn-outline" href={href({ date: addDays(date, -step) })}>← Назад</a>
          <a className="btn btn-outline" href={href({ date: today })}>Сегодня</a>
          <a className="btn btn-outline" href={href({ date: addDays(date, step) })}>Вперёд →</a>
          <a
            className={`btn ${view === "week" ? "btn-primary" : "btn-outline"}`}
            href={href({ view: "week" })}
          >
            Неделя
          </a>
          <a className={`btn ${view === "day" ? "btn-primary" : "btn-outline"}`} href={href({ view: "day" })}>
            День и маршрут
          </a>
        </nav>
        <FilterForm action="/schedule" label="Фильтры расписания" submit="Показать" filtered={filtered}>
          <input type="hidden" name="view" value={view} />
          <input type="hidden" name="date" value={date} />
          {!own && (
            <FilterSelect
              label="Роль"
              name="role"
              value={role}
              all="Все роли"
              options={(["measurement_engineer", "foreman", "chief_engineer", "manager"] as Role[])
                .map((r) => ({ value: r, label: roleLabels[r] }))}
            />
          )}
          {!own && (
            <FilterSelect
              label="Сотрудник"
              name="personId"
              value={personId}
              all="Все сотрудники"
              options={people.map((p) => ({ value: p.id, label: p.name }))}
            />
          )}
          {!own && crews.length > 0 && (
            <FilterSelect
              label="Бригада"
              name="crewId"
              value={crewId}
              all="Все бригады"
              options={crews.map((cr) => ({ value: cr.id, label: cr.name }))}
            />
          )}
          <FilterSelect
            label="Вид работ"
            name="workType"
            value={workType}
            all="Все виды работ"
            options={Object.entries(workTypeLabels).map(([value, label]) => ({ value, label }))}
          />
          <FilterSelect
            label="Статус"
            name="status"
            value={status}
            all="Все статусы"
            options={taskStatuses.map((s) => ({ value: s, label: taskStatusLabels[s].label }))}
          />
        </FilterForm>
        <div className="sched-layout">
          <div className="sched-main">
            {grid}
            {list}
          </div>
          <aside className="card sched-aside stack-sm" data-drop-unscheduled="">
            <h2>Без даты</h2>
            {unscheduled.length === 0 && <p className="muted">Все задачи распланированы</p>}
            {unscheduled.map((t) => (
              <ScheduleChip
                key={t.id}
                chip={chipData(t, {
                  movable: movable(t),
                  crewNote: true,
                  after: t.assigneeName ?? t.crewName ?? "Не назначено",
                })}
              />
            ))}
          </aside>
        </div>
        <Island
          component={ScheduleBoard}
          props={{
            canAssign: manager,
            today,
            people: own ? [] : people.map((p) => ({ id: p.id, name: p.name })),
            crews: crews.map((cr) => ({ id: cr.id, name: cr.name })),
            tasks: editable.map((t) => ({
              id: t.id,
              title: t.title,
              objectId: t.objectId,
              assignedTo: t.assignedTo,
              crewId: t.crewId,
              scheduledDate: t.scheduledDate,
              windowStart: t.windowStart,
              windowEnd: t.windowEnd,
              description: t.description,
            })),
          }}
        />
      </div>
    ),
  });
}
