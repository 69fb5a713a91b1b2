// The dashboard of the platform spec's «Screens and routes» as reusable server components: the admin panel
// (/admin), /dashboard and the engineer cabinet use them. loadDashboard() reads the figures and the activity
// every one of them shows, loadDashboardSection() all the dashboard shows.
import type { ReactNode } from "react";
import { estimateSplitRoles, hasRole, type Role } from "../../domain/roles.ts";
import { taskManagerRoles } from "../../domain/tasks.ts";
import type { CurrentUser } from "../../server/types.ts";
import type { Db } from "../../db/client.ts";
import { activityFeed, type ActivityItem, type DashboardStats } from "../../db/stats.ts";
import { type Reads, readsOf } from "../../db/read_worker.ts";
import {
  ASSIGNABLE_USERS,
  assignableUsers,
  listTaskCards,
  type TaskCardView,
  type TaskView,
} from "../../db/tasks.ts";
import { objectChoices } from "../../db/objects.ts";
import type { Scope } from "../../db/scope.ts";
import { formatAge, formatKopecks } from "../../domain/format.ts";
import { figureHints, inPeriod, revenueNote } from "../../domain/figures.ts";
import { type Period, periodLabels, periodRange, periods } from "../../domain/periods.ts";
import { serviceFigures } from "../../db/service_figures.ts";
import { ServiceFiguresCard } from "../../components/ServiceFigures.tsx";
import { toDateInput } from "../../domain/tasks.ts";
import { Island } from "../../server/island.tsx";
import TaskDialog from "../../islands/TaskDialog.tsx";
import { Card, EmptyState, StatCard } from "../../components/Card.tsx";
import { Icon } from "../../components/Icon.tsx";
import { assigneeText, dueText, TaskStatusBadge } from "../_tasks/TaskCard.tsx";

export interface DashboardData {
  stats: DashboardStats;
  activity: ActivityItem[];
}

/** Stats of the period and the activity feed of the scope. */
export async function loadDashboard(
  db: Db,
  scope: Scope,
  options: { period: Period; now: Date; reads?: Reads },
): Promise<DashboardData> {
  const [stats, activity] = await Promise.all([
    readsOf({ db, reads: options.reads }).read("dashboardStats", {
      scope,
      period: options.period,
      now: options.now.getTime(),
    }),
    activityFeed(db, scope, 8),
  ]);
  return { stats, activity };
}

/** The four cards: Активные объекты, Задачи в работе, Команда, Выручка (figures of domain/figures.ts). */
export function DashboardStatCards({ stats }: { stats: DashboardStats }) {
  const p = stats.period;
  return (
    <>
      <div className="stats">
        <StatCard
          label="Активные объекты"
          value={stats.activeProjects}
          change={stats.projectsChange}
          icon="map"
        />
        <StatCard
          label="Задачи в работе"
          value={stats.tasksInProgress}
          change={stats.overdueTasks > 0
            ? `${stats.tasksChange}; просрочено: ${stats.overdueTasks}`
            : stats.tasksChange}
          icon="tasks"
          tone="accent"
        />
        <StatCard
          label="Команда"
          value={stats.teamSize}
          change={stats.teamChange}
          icon="users"
          tone="success"
        />
        <StatCard
          label={p === "30d" ? "Выручка месяц" : `Выручка, ${periodLabels[p].toLowerCase()}`}
          value={<span className="money">{formatKopecks(stats.revenueKopecks).replace(",00 ₽", " ₽")}</span>}
          change={`${
            revenueNote(stats.revenueKopecks, stats.previousRevenueKopecks, p) ?? "получено"
          }; по договорам ${formatKopecks(stats.contractedKopecks).replace(",00 ₽", " ₽")}, долг ${
            formatKopecks(stats.owedKopecks).replace(",00 ₽", " ₽")
          }`}
          icon="chart"
          tone="warning"
        />
      </div>
      <FigureHints />
    </>
  );
}

/** How the figures are counted, under the cards of every page that shows them. */
export function FigureHints() {
  return (
    <details className="figure-hints muted small">
      <summary>Как считаются показатели</summary>
      <ul>
        {Object.values(figureHints).map((text) => <li key={text}>{text}</li>)}
      </ul>
    </details>
  );
}

/** Period links (7d … all) that keep the other query parameters. */
export function PeriodSelector(
  { current, path, extra = {} }: { current: Period; path: string; extra?: Record<string, string> },
) {
  return (
    <nav className="period-selector" aria-label="Период">
      {periods.map((p) => {
        const qs = new URLSearchParams({ ...extra, period: p });
        return (
          <a
            key={p}
            href={`${path}?${qs}`}
            className={p === current ? "chip active" : "chip"}
            aria-current={p === current ? "true" : undefined}
          >
            {periodLabels[p]}
          </a>
        );
      })}
    </nav>
  );
}

/** A row of 'Последние задачи': what it shows and nothing else of the task (server/page_fingerprint.ts). */
interface RecentTaskRow {
  id: number;
  priority: TaskView["priority"];
  address: string;
  assignee: string;
  title: string;
  status: TaskView["status"];
  overdue: boolean;
  due: string;
}

const recentTaskRow = (t: TaskCardView): RecentTaskRow => ({
  id: t.id,
  priority: t.priority,
  address: t.object?.address ?? "—",
  assignee: assigneeText(t),
  title: t.title,
  status: t.status,
  overdue: t.isOverdue,
  due: dueText(t),
});

/** 'Последние задачи': at most 5 rows; the priority shows as a strip. */
function RecentTasks({ tasks, canCreate }: { tasks: RecentTaskRow[]; canCreate: boolean }) {
  return (
    <Card
      title="Последние задачи"
      action={canCreate
        ? (
          <button type="button" className="btn btn-secondary btn-sm" data-new-task="">
            <Icon name="plus" /> Создать задачу
          </button>
        )
        : <a className="btn btn-ghost btn-sm" href="/tasks">Все задачи</a>}
    >
      {tasks.length === 0
        ? <EmptyState icon="tasks" text="Нет активных задач" />
        : (
          <div className="table-wrap">
            <table className="table recent-tasks">
              <thead>
                <tr>
                  <th>Объект</th>
                  <th>Замерщик</th>
                  <th>Задача</th>
                  <th>Статус</th>
                  <th>Срок</th>
                </tr>
              </thead>
              <tbody>
                {tasks.map((t) => (
                  <tr key={t.id}>
                    <td className={`priority-${t.priority}`}>{t.address}</td>
                    <td>{t.assignee}</td>
                    <td>
                      <a href={`/tasks?taskId=${t.id}`}>{t.title}</a>
                    </td>
                    <td>
                      <TaskStatusBadge status={t.status} />
                    </td>
                    <td className={t.overdue ? "num overdue-text" : "num"}>{t.due}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
    </Card>
  );
}

const activityIcon = { task: "tasks", document: "file", other: "bell" } as const;

/** 'Активность': task, document and other events with their age. */
export function ActivityFeed({ items, now }: { items: ActivityItem[]; now: Date }) {
  return (
    <Card title="Активность">
      {items.length === 0 ? <EmptyState icon="bell" text="Нет активности" /> : (
        <ul className="activity-list">
          {items.map((a) => (
            <li key={a.id} className={`activity-item activity-${a.type}`}>
              <span className="activity-icon">
                <Icon name={activityIcon[a.type]} size={18} />
              </span>
              <div>
                <p className="activity-title">
                  {a.taskId
                    ? <a href={`/tasks?taskId=${a.taskId}`}>{a.title}</a>
                    : a.objectId
                    ? <a href={`/objects?objectId=${a.objectId}`}>{a.title}</a>
                    : a.title}
                </p>
                <p className="muted small">{formatAge(a.createdAt, now)}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export interface QuickAction {
  label: string;
  icon: string;
  href?: string;
  /** Attributes of a button that opens a dialog island on the page. */
  button?: Record<string, string>;
  /** Anything else, e.g. an island that renders its own button. */
  node?: ReactNode;
}

/** The quick-actions card: links and dialog buttons, every one of them working. */
export function QuickActions(
  { actions, title = "Быстрые действия" }: { actions: QuickAction[]; title?: string },
) {
  return (
    <Card title={title}>
      <div className="quick-actions">
        {actions.map((a) =>
          a.node
            ? <div key={a.label} className="quick-action-slot">{a.node}</div>
            : a.href
            ? (
              <a key={a.label} className="btn btn-secondary quick-action" href={a.href}>
                <Icon name={a.icon} /> {a.label}
              </a>
            )
            : (
              <button key={a.label} type="button" className="btn btn-secondary quick-action" {...a.button}>
                <Icon name={a.icon} /> {a.label}
              </button>
            )
        )}
      </div>
    </Card>
  );
}

export interface TaskDialogData {
  objects: { id: number; address: string }[];
  people: { id: number; name: string }[];
  surveyors: { id: number; name: string }[] | null;
  today: string;
  /** The dialogs offer «Сметы по видам работ» (the chief engineer and administrators). */
  chooseEstimates: boolean;
}

/** What the task dialogs need: the scope's newest objects, staff and (for assign measurement) active surveyors. */
export async function loadTaskDialogs(
  db: Db,
  scope: Scope,
  options: { now: Date; role: Role; measurement?: boolean },
): Promise<TaskDialogData> {
  const [objects, people] = await Promise.all([objectChoices(db, scope), assignableUsers(db, scope)]);
  // The surveyors are among the people, in the same order, unless the list was cut at its bound.
  const surveyors = !options.measurement
    ? null
    : people.length < ASSIGNABLE_USERS
    ? people.filter((p) => p.role === "measurement_engineer")
    : await assignableUsers(db, scope, "measurement_engineer");
  const short = (p: { id: number; name: string }) => ({ id: p.id, name: p.name });
  return {
    objects,
    people: people.map(short),
    surveyors: surveyors?.map(short) ?? null,
    today: toDateInput(options.now),
    chooseEstimates: hasRole(options.role, estimateSplitRoles),
  };
}

/** The dialogs the page's buttons open (one island each): new task and, when loaded, assign measurement. */
export function TaskDialogs({ data }: { data: TaskDialogData }) {
  return (
    <>
      <Island
        component={TaskDialog}
        props={{
          mode: "task",
          objects: data.objects,
          assignees: data.people,
          today: data.today,
          chooseEstimates: data.chooseEstimates,
        }}
      />
      {data.surveyors && (
        <Island
          component={TaskDialog}
          props={{
            mode: "measurement",
            objects: data.objects,
            assignees: data.surveyors,
            today: data.today,
            chooseEstimates: data.chooseEstimates,
          }}
        />
      )}
    </>
  );
}

/** Everything the dashboard section of a home page needs, loaded for the user's company (or all, for system_admin). */
export async function loadDashboardSection(
  db: Db,
  user: CurrentUser,
  scope: Scope,
  { reads, ...options }: { period: Period; now: Date; reads?: Reads },
) {
  const canCreate = hasRole(user.role, taskManagerRoles);
  const [data, recentTasks, dialogs, service] = await Promise.all([
    loadDashboard(db, scope, { ...options, reads }),
    // 'Последние задачи': the 5 latest open tasks.
    listTaskCards(db, scope, { now: options.now, open: true, limit: 5 }),
    canCreate ? loadTaskDialogs(db, scope, { now: options.now, role: user.role }) : Promise.resolve(null),
    serviceFigures(db, scope, options.now, periodRange(options.period, options.now).from),
  ]);
  return { ...options, data, recentTasks: recentTasks.map(recentTaskRow), dialogs, canCreate, service };
}

/**
 * The dashboard of the platform spec's «Screens and routes»: period, the four stat cards, 'Последние задачи',
 * 'Активность' and the quick actions. Shared by /dashboard and the administrator panel.
 */
export function DashboardSection({ section, path }: {
  section: Awaited<ReturnType<typeof loadDashboardSection>>;
  path: string;
}) {
  const { data, recentTasks, dialogs, canCreate, period, now, service } = section;
  return (
    <>
      <PeriodSelector current={period} path={path} />
      <DashboardStatCards stats={data.stats} />
      <div className="dashboard-grid">
        <RecentTasks tasks={recentTasks} canCreate={canCreate} />
        <ActivityFeed items={data.activity} now={now} />
      </div>
      <ServiceFiguresCard figures={service} during={inPeriod(period)} />
      <QuickActions
        actions={[
          { label: "Создать объект", icon: "map", href: "/objects?new=1" },
          canCreate
            ? { label: "Создать задачу", icon: "tasks", button: { "data-new-task": "" } }
            : { label: "Задачи", icon: "tasks", href: "/tasks" },
          { label: "Добавить сотрудника", icon: "users", href: "/employees" },
          { label: "Посмотреть отчёты", icon: "chart", href: "/analytics" },
        ]}
      />
      {dialogs && <TaskDialogs data={dialogs} />}
    </>
  );
}
