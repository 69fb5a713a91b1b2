import { jobBadge } from "../domain/job_status.ts";
import { jobMoney } from "../domain/job_money.ts";
import type { Context } from "hono";
import { latestObjects } from "../db/stats.ts";
import { owedObjects } from "../db/ledger.ts";
import { OwedObjectsCard } from "../components/Ledger.tsx";
import { listTaskCards } from "../db/tasks.ts";
import { displayName, formatKopecks } from "../domain/format.ts";
import { labelOf, workTypeLabels } from "../domain/labels.ts";
import { companyScope, currentUser } from "../server/middleware/guard.ts";
import type { AppEnv } from "../server/types.ts";
import { Island } from "../server/island.tsx";
import ObjectDialog from "../islands/ObjectDialog.tsx";
import { renderWorkPage } from "./_page.tsx";
import { Badge } from "../components/Badge.tsx";
import { Card, EmptyState } from "../components/Card.tsx";
import { Icon } from "../components/Icon.tsx";
import { TaskCard, taskCard } from "./_tasks/TaskCard.tsx";
import {
  ActivityFeed,
  DashboardStatCards,
  loadDashboard,
  loadTaskDialogs,
  QuickActions,
  TaskDialogs,
} from "./_dashboard/mod.tsx";

/** Without script the object links lead to the objects screen; with it the object dialog opens here. */
export const newObjectHref = "/objects?new=1";
export const editObjectHref = (id: number) => `/objects?objectId=${id}&edit=1`;

/** /engineer: the chief-engineer cabinet (chief_engineer, manager, system_admin). */
export default async function engineerPage(c: Context<AppEnv>) {
  const user = currentUser(c);
  const scope = companyScope(user);
  const { db, now, reads } = c.get("deps");
  const at = now();
  const [data, objects, tasks, dialogs, owed] = await Promise.all([
    loadDashboard(db, scope, { period: "30d", now: at, reads }),
    latestObjects(db, scope, 5),
    listTaskCards(db, scope, { now: at, limit: 6 }),
    loadTaskDialogs(db, scope, { now: at, role: user.role, measurement: true }),
    owedObjects(db, scope, 10),
  ]);
  return renderWorkPage(c, {
    title: "Панель инженера",
    subtitle: `${displayName(user)}${user.companyName ? ` · ${user.companyName}` : ""}`,
    body: (
      <div className="stack-lg cabinet">
        <QuickActions
          actions={[
            {
              label: "Новый объект",
              icon: "plus",
              node: (
                <Island
                  component={ObjectDialog}
                  props={{
                    mode: "create",
                    trigger: "Новый объект",
                    triggerClass: "btn btn-secondary quick-action",
                    listen: true,
                  }}
                />
              ),
            },
            { label: "Назначить замер", icon: "calendar", button: { "data-assign-measurement": "" } },
            { label: "Новая задача", icon: "tasks", button: { "data-new-task": "" } },
          ]}
        />
        <DashboardStatCards stats={data.stats} />
        <Card
          title="Последние объекты"
          action={<a className="btn btn-ghost btn-sm" href="/objects">Все объекты</a>}
        >
          {objects.length === 0
            ? (
              <EmptyState
                icon="map"
                text="Нет объектов"
                action={<a className="btn btn-primary" href={newObjectHref}>Новый объект</a>}
              />
            )
            : (
              <ul className="object-list">
                {objects.map((o) => {
                  const s = jobBadge(o);
                  const value = jobMoney(o);
                  return (
                    <li key={o.id} className="object-row">
                      <div className="object-main">
                        <a className="object-address" href={`/objects?objectId=${o.id}`}>{o.address}</a>
                        <div className="row small">
                          <Badge tone={s.tone}>{s.label}</Badge>
                          <span className="muted">{labelOf(workTypeLabels, o.workType)}</span>
                          {o.clientName && <span className="muted">{o.clientName}</span>}
                          {(value.contracted || o.estimatedCost !== null) && (
                            <span className="money">{formatKopecks(value.value)}</span>
                          )}
                        </div>
                      </div>
                      <div className="object-actions">
                        <a
                          className="btn btn-secondary btn-sm"
                          href={editObjectHref(o.id)}
                          data-object-edit={String(o.id)}
                        >
                          <Icon name="edit" size={16} /> Редактировать
                        </a>
                        <button
                          type="button"
                          className="btn btn-primary btn-sm"
                          data-assign-measurement={String(o.id)}
                        >
                          <Icon name="calendar" size={16} /> Назначить замер
                        </button>
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
        </Card>
        <OwedObjectsCard objects={owed} />
        <Card title="Задачи" action={<a className="btn btn-ghost btn-sm" href="/tasks">Все задачи</a>}>
          {tasks.length === 0 ? <EmptyState icon="tasks" text="Нет задач" /> : (
            <div className="grid-cards">
              {tasks.map((t) => (
                <TaskCard key={t.id} card={taskCard(t, { canChangeStatus: true, compact: true })} />
              ))}
            </div>
          )}
        </Card>
        <ActivityFeed items={data.activity} now={at} />
        <div className="action-bar phone-only">
          <button type="button" className="btn btn-primary" data-assign-measurement="">
            <Icon name="calendar" /> Назначить замер
          </button>
        </div>
        <TaskDialogs data={dialogs} />
      </div>
    ),
  });
}
