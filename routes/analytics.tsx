import type { Context } from "hono";
import type { Analytics } from "../db/analytics.ts";
import { readsOf } from "../db/read_worker.ts";
import { receivablesByAge } from "../db/ledger.ts";
import { ReceivablesCard } from "../components/Ledger.tsx";
import {
  type AnalyticsTab,
  analyticsTable,
  analyticsTabs,
  priorityRows,
  tabLabels,
  type TableName,
} from "../domain/analytics.ts";
import { countOf, formatKopecks, formatNumber, objectForms } from "../domain/format.ts";
import {
  labelOf,
  objectStatusLabels,
  taskPriorityLabels,
  taskStatusLabels,
  type Tone,
  toneOf,
  workTypeLabels,
} from "../domain/labels.ts";
import { parsePeriod, type Period, periodRange } from "../domain/periods.ts";
import { roleLabels } from "../domain/roles.ts";
import { companyScope, currentUser } from "../server/middleware/guard.ts";
import type { AppEnv } from "../server/types.ts";
import { renderWorkPage } from "./_page.tsx";
import { Card, StatCard } from "../components/Card.tsx";
import { Icon } from "../components/Icon.tsx";
import { inPeriod } from "../domain/figures.ts";
import { serviceFigures } from "../db/service_figures.ts";
import { ServiceFiguresCard } from "../components/ServiceFigures.tsx";
import { FigureHints, PeriodSelector } from "./_dashboard/mod.tsx";
import { BarChart, type ChartRow, DonutChart } from "./_dashboard/charts.tsx";

function DataTable(
  { table, name, period }: { table: ReturnType<typeof analyticsTable>; name: TableName; period: Period },
) {
  return (
    <Card
      title={table.title}
      action={
        <a
          className="btn btn-secondary btn-sm"
          href={`/api/analytics/export?table=${name}&period=${period}`}
          download={`analytics-${name}-${period}.csv`}
        >
          <Icon name="download" size={16} /> CSV
        </a>
      }
    >
      {table.rows.length === 0 ? <p className="muted">Нет данных за период</p> : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>{table.head.map((h, i) => <th key={h} className={i > 0 ? "num" : undefined}>{h}</th>)}</tr>
            </thead>
            <tbody>
              {table.rows.map((row, i) => (
                <tr key={i}>
                  {row.map((cell, j) => (
                    <td key={j} className={j > 0 && typeof cell === "number" ? "num" : undefined}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

/** Chart rows of counts by status, worded and coloured as the status labels say. */
function statusRows<K extends string>(
  rows: { status: K; count: number }[],
  labels: Record<K, { label: string; tone: Tone }>,
): ChartRow[] {
  return rows.map((r) => ({
    key: r.status,
    label: labelOf(labels, r.status),
    value: r.count,
    tone: toneOf(labels, r.status),
  }));
}

/** The key and the words of a work type's chart row. */
const workTypeOf = (r: { workType: string }) => ({
  key: r.workType,
  label: labelOf(workTypeLabels, r.workType),
});

/** A card holding one chart under the card's title. */
function ChartCard({ title, donut, rows }: { title: string; donut?: boolean; rows: ChartRow[] }) {
  const Chart = donut ? DonutChart : BarChart;
  return (
    <Card title={title}>
      <Chart title={title} rows={rows} />
    </Card>
  );
}

/**
 * The open tab's charts and table. Called, not rendered as a component: the page's tree then holds what the tab
 * shows, not all the figures of every tab (server/page_fingerprint.ts), so a change another tab shows leaves
 * the page as it was.
 */
function tabBody(tab: AnalyticsTab, data: Analytics, period: Period) {
  switch (tab) {
    case "objects":
      return (
        <div className="analytics-grid">
          <ChartCard
            title="Объекты по статусам"
            rows={statusRows(data.objectsByStatus, objectStatusLabels)}
          />
          <DataTable table={analyticsTable(data, "objects")} name="objects" period={period} />
        </div>
      );
    case "tasks":
      return (
        <div className="analytics-grid">
          <ChartCard
            title="Задачи по статусам"
            donut
            rows={statusRows(data.tasksByStatus, taskStatusLabels)}
          />
          <ChartCard
            title="Задачи по приоритетам"
            rows={priorityRows(data).map((r) => ({
              ...r,
              tone: toneOf(taskPriorityLabels, r.key),
            }))}
          />
          <DataTable table={analyticsTable(data, "tasks")} name="tasks" period={period} />
        </div>
      );
    case "workTypes":
      return (
        <div className="analytics-grid">
          <ChartCard
            title="Объекты по видам работ"
            rows={data.workTypes.map((r) => ({ ...workTypeOf(r), value: r.count, tone: "accent" }))}
          />
          <ChartCard
            title="Сумма оценок по видам работ"
            rows={data.workTypes.map((r) => ({
              ...workTypeOf(r),
              value: r.estimatedKopecks,
              note: formatKopecks(r.estimatedKopecks).replace(",00 ₽", " ₽"),
              tone: "success",
            }))}
          />
          <DataTable table={analyticsTable(data, "workTypes")} name="workTypes" period={period} />
        </div>
      );
    case "performance":
      return (
        <div className="stack-lg">
          <div className="stats">
            <StatCard
              label="Выполнение задач"
              value={`${data.performance.completionPercent}%`}
              icon="check"
              tone="success"
            />
            <StatCard label="Задач за период" value={data.performance.totalTasks} icon="tasks" />
            <StatCard
              label="Среднее время выполнения"
              value={data.performance.averageDays === null
                ? "—"
                : `${formatNumber(data.performance.averageDays)} дн.`}
              icon="calendar"
              tone="accent"
            />
          </div>
          <div className="analytics-grid">
            <ChartCard
              title="Выполнено задач по исполнителям"
              rows={data.performance.people.map((p) => ({
                key: String(p.userId),
                label: p.name,
                value: p.completed,
                note: `${p.completed} из ${p.total}`,
                tone: "success",
              }))}
            />
            <Card title="Рекомендации">
              <ul className="recommendations">
                {data.recommendations.map((r) => (
                  <li key={r.title} className={`notice notice-${r.tone}`}>
                    <Icon name={r.tone === "success" ? "check" : "alert"} />
                    <div>
                      <strong>{r.title}</strong>
                      <p>{r.text}</p>
                    </div>
                  </li>
                ))}
              </ul>
            </Card>
          </div>
          <DataTable table={analyticsTable(data, "performance")} name="performance" period={period} />
        </div>
      );
  }
}

/** /analytics, 'Аналитика и отчёты': KPIs, money, team and four tabs of charts and tables for a period. */
export default async function analyticsPage(c: Context<AppEnv>) {
  const user = currentUser(c);
  const { db, now } = c.get("deps");
  const at = now();
  const period = parsePeriod(c.req.query("period"));
  const tab = (analyticsTabs as readonly string[]).includes(c.req.query("tab") ?? "")
    ? c.req.query("tab") as AnalyticsTab
    : "objects";
  const [data, receivables, service] = await Promise.all([
    readsOf(c.get("deps")).read("analytics", { scope: companyScope(user), period, now: at.getTime() }),
    receivablesByAge(db, companyScope(user), at),
    serviceFigures(db, companyScope(user), at, periodRange(period, at).from),
  ]);
  const f = data.finance;
  const during = inPeriod(period);
  return renderWorkPage(c, {
    title: "Аналитика и отчёты",
    subtitle: `Показатели на сегодня; графики — по объектам и задачам, созданным ${during}`,
    body: (
      <div className="stack-lg">
        <PeriodSelector current={period} path="/analytics" extra={{ tab }} />
        <div className="stats kpis">
          <StatCard label="Активные объекты" value={data.kpi.activeObjects} change="на сегодня" icon="map" />
          <StatCard
            label="Завершено объектов"
            value={data.kpi.completedObjects}
            change={during}
            icon="check"
            tone="success"
          />
          <StatCard
            label="Задачи в работе"
            value={data.kpi.activeTasks}
            change="на сегодня"
            icon="tasks"
            tone="accent"
          />
          <StatCard
            label="Просрочено"
            value={data.kpi.overdueTasks}
            change="из задач в работе"
            icon="alert"
            tone="danger"
          />
        </div>
        <FigureHints />
        <div className="analytics-grid">
          <Card title="Финансы">
            <dl className="details">
              <dt>Выручка {during}</dt>
              <dd className="money">{formatKopecks(f.revenueKopecks)}</dd>
              <dt>По договорам, подписанным {during}</dt>
              <dd className="money">{formatKopecks(f.contractedKopecks)}</dd>
              <dt>Долг клиентов на сегодня</dt>
              <dd className="money">{formatKopecks(f.owedKopecks)}</dd>
              <dt>Оценочная стоимость новых объектов</dt>
              <dd className="money">{formatKopecks(f.estimatedKopecks)}</dd>
              <dt>Средняя стоимость проекта</dt>
              <dd className="money">{formatKopecks(f.averageKopecks)}</dd>
              <dt>Новые объекты {during}</dt>
              <dd className="num">{countOf(f.objectCount, objectForms)}</dd>
            </dl>
          </Card>
          <ReceivablesCard receivables={receivables} />
          <ServiceFiguresCard figures={service} during={during} />
          <Card
            title="Команда"
            action={
              <a
                className="btn btn-ghost btn-sm"
                href={`/api/analytics/export?table=team&period=${period}`}
                download
              >
                <Icon name="download" size={16} /> CSV
              </a>
            }
          >
            {data.team.length === 0
              ? <p className="muted">Нет сотрудников</p>
              : (
                <ul className="legend team-list">
                  {data.team.map((t) => (
                    <li key={t.role}>
                      {labelOf(roleLabels, t.role)}: <strong className="num">{t.count}</strong>
                    </li>
                  ))}
                </ul>
              )}
          </Card>
        </div>
        <nav className="tabs" aria-label="Разделы аналитики">
          {analyticsTabs.map((t) => (
            <a
              key={t}
              className="tab"
              href={`/analytics?${new URLSearchParams({ period, tab: t })}`}
              aria-selected={t === tab ? "true" : "false"}
              aria-current={t === tab ? "page" : undefined}
            >
              {tabLabels[t]}
            </a>
          ))}
        </nav>
        {tabBody(tab, data, period)}
      </div>
    ),
  });
}
