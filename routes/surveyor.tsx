import { PhoneLink } from "../components/PhoneLink.tsx";
import type { Context } from "hono";
import { assigneeTaskCounts, estimateCount, estimatesOfObjects } from "../db/stats.ts";
import { listTasks, type TaskView } from "../db/tasks.ts";
import { countOf, formatDate, formatKopecks } from "../domain/format.ts";
import { labelOf, workTypeLabels } from "../domain/labels.ts";
import { canStart } from "../domain/tasks.ts";
import { companyScope, currentUser } from "../server/middleware/guard.ts";
import type { AppEnv } from "../server/types.ts";
import { DayRoutes, dayRoutes } from "./_schedule/DayRoutes.tsx";
import { renderWorkPage } from "./_page.tsx";
import { Badge } from "../components/Badge.tsx";
import { EmptyState, StatCard } from "../components/Card.tsx";
import { Icon } from "../components/Icon.tsx";
import { TaskStatusBadge } from "./_tasks/TaskCard.tsx";
import { SiteWorkButton } from "./_tasks/SiteWorkButton.tsx";
import type { Tone } from "../domain/labels.ts";

/**
 * The surveyor card's priority words (the estimating spec's «Surveyor dashboard»): urgent = Срочно, high,
 * medium, otherwise Низкий.
 */
const surveyorPriority: Record<string, { label: string; tone: Tone }> = {
  urgent: { label: "Срочно", tone: "danger" },
  high: { label: "Высокий", tone: "warning" },
  medium: { label: "Средний", tone: "info" },
};

type Estimate = Awaited<ReturnType<typeof estimatesOfObjects>>[number];

function SurveyorTaskCard({ task, estimates }: { task: TaskView; estimates: Estimate[] }) {
  const priority = surveyorPriority[task.priority] ?? { label: "Низкий", tone: "neutral" as Tone };
  const o = task.object;
  return (
    <article
      className={`card task-card surveyor-task priority-${task.priority}${
        task.isOverdue ? " is-overdue" : ""
      }`}
    >
      <header className="task-card-head">
        <h3>{task.title}</h3>
        <div className="row task-badges">
          {/* The stored status moves with each step; being late is its own mark, not a status that hides it. */}
          <TaskStatusBadge status={task.storedStatus} />
          {task.isOverdue && task.storedStatus !== "overdue" && <Badge tone="danger">Просрочено</Badge>}
          <Badge tone={priority.tone}>{priority.label}</Badge>
        </div>
      </header>
      {task.description && <p className="task-desc">{task.description}</p>}
      <dl className="details task-details">
        <dt>Адрес</dt>
        <dd>{o ? <a href={`/objects?objectId=${o.id}`}>{o.address}</a> : "Не указан"}</dd>
        <dt>Клиент</dt>
        <dd>{o?.clientName || "Не указан"}</dd>
        <dt>Телефон</dt>
        <dd>
          <PhoneLink phone={o?.clientPhone} fallback="не указан" />
        </dd>
        <dt>Тип работ</dt>
        <dd>{o ? labelOf(workTypeLabels, o.workType) : "Не указан"}</dd>
        <dt>Срок</dt>
        <dd className={task.isOverdue ? "overdue-text" : undefined}>
          {task.dueDate ? formatDate(task.dueDate) : "Без срока"}
        </dd>
      </dl>
      {estimates.length > 0 && (
        <div className="ready-estimates">
          <p className="label">Готовые сметы</p>
          <ul>
            {estimates.map((e) => (
              <li key={e.id} className="row-between">
                <span>
                  {e.estimateNumber} · <span className="money">{formatKopecks(e.totalAmount)}</span>
                </span>
                <a className="btn btn-secondary btn-sm" href={`/api/estimates/${e.id}/export`} download>
                  <Icon name="download" size={16} /> Excel
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <footer className="task-card-foot">
        {(canStart(task.storedStatus) || task.storedStatus === "in_progress" ||
          task.storedStatus === "completed") && <SiteWorkButton task={task} />}
        <a className="btn btn-secondary" href={`/tasks?taskId=${task.id}`}>Детали</a>
      </footer>
    </article>
  );
}

/** How many tasks of the overdue and of the active section the cabinet shows, newest first. */
export const SECTION_SIZE = 20;

/** «Все …» under a section that shows fewer tasks than it has: the task list, where every one is. */
function MoreLink({ shown, total, href, children }: {
  shown: number;
  total: number;
  href: string;
  children: string;
}) {
  if (total <= shown) return null;
  return (
    <p>
      <a className="btn btn-secondary" href={href}>{`${children} (${total})`}</a>
    </p>
  );
}

/** /surveyor, 'Кабинет замерщика': the surveyor's tasks, late first, then active, then the last 3 done. */
export default async function surveyorPage(c: Context<AppEnv>) {
  const user = currentUser(c);
  const scope = companyScope(user);
  const { db, now } = c.get("deps");
  const at = now();
  const isSurveyor = user.role === "measurement_engineer";
  const whose = isSurveyor ? { assignedTo: user.id } : { assigneeRole: "measurement_engineer" };
  // The counters from the tallies, the lists bounded: the newest of each section (a person with thousands
  // of tasks gets the same page size), the rest behind a link to the task list.
  const [counts, overdue, active, completed] = await Promise.all([
    assigneeTaskCounts(db, scope, whose, at),
    listTasks(db, scope, { now: at, status: "overdue", limit: SECTION_SIZE, ...whose }),
    listTasks(db, scope, { now: at, active: true, limit: SECTION_SIZE, ...whose }),
    listTasks(db, scope, { now: at, status: "completed", limit: 3, ...whose }),
  ]);
  const shown = [...overdue, ...active, ...completed];
  const objectIds = [...new Set(shown.map((t) => t.objectId).filter((id): id is number => id !== null))];
  const [estimates, ready, routes] = await Promise.all([
    estimatesOfObjects(db, scope, objectIds),
    estimateCount(db, scope, isSurveyor ? user.id : undefined),
    isSurveyor ? dayRoutes(db, user, at) : Promise.resolve([]),
  ]);
  const name = user.firstName || user.email;

  return renderWorkPage(c, {
    title: "Кабинет замерщика",
    body: (
      <div className="stack-lg cabinet">
        <p className="greeting">
          {`Добро пожаловать, ${name}! У вас ${
            countOf(counts.active, ["активная задача", "активные задачи", "активных задач"])
          } на замеры`}
        </p>
        <DayRoutes days={routes} />
        <div className="stats stats-5">
          <StatCard label="Активные" value={counts.active} icon="tasks" />
          <StatCard label="Выполнено" value={counts.completed} icon="check" tone="success" />
          <StatCard label="Просрочено" value={counts.overdue} icon="alert" tone="danger" />
          <StatCard label="Всего задач" value={counts.total} icon="file" tone="accent" />
          <StatCard label="Готовые сметы" value={ready} icon="estimate" tone="warning" />
        </div>
        <section className="stack" aria-labelledby="my-tasks">
          <h2 id="my-tasks">Мои задачи на замеры</h2>
          {shown.length === 0
            ? (
              <div className="card">
                <EmptyState
                  icon="tasks"
                  text="Нет назначенных задач"
                  hint="Обратитесь к главному инженеру, чтобы получить задачу на замер."
                />
              </div>
            )
            : (
              <>
                {overdue.length > 0 && (
                  <h3 className="section-label overdue-text">Просроченные · {counts.overdue}</h3>
                )}
                {overdue.map((t) => (
                  <SurveyorTaskCard
                    key={t.id}
                    task={t}
                    estimates={estimates.filter((e) => e.objectId === t.objectId)}
                  />
                ))}
                <MoreLink shown={overdue.length} total={counts.overdue} href="/tasks?status=overdue">
                  Все просроченные задачи
                </MoreLink>
                {active.length > 0 && <h3 className="section-label">Активные · {counts.active}</h3>}
                {active.map((t) => (
                  <SurveyorTaskCard
                    key={t.id}
                    task={t}
                    estimates={estimates.filter((e) => e.objectId === t.objectId)}
                  />
                ))}
                <MoreLink shown={active.length} total={counts.active} href="/tasks">Все задачи</MoreLink>
                {completed.length > 0 && <h3 className="section-label">Выполненные</h3>}
                {completed.map((t) => (
                  <SurveyorTaskCard
                    key={t.id}
                    task={t}
                    estimates={estimates.filter((e) => e.objectId === t.objectId)}
                  />
                ))}
              </>
            )}
        </section>
      </div>
    ),
  });
}
