import type { Context } from "hono";
import { num, Table } from "../components/Table.tsx";
import { listLatestMeasurements } from "../db/measurements.ts";
import { displayName, formatDateTime } from "../domain/format.ts";
import { labelOf, taskStatusLabels, toneOf } from "../domain/labels.ts";
import { progressPercent } from "../estimating/mod.ts";
import { companyScope, currentUser } from "../server/middleware/guard.ts";
import type { AppEnv } from "../server/types.ts";
import { renderWorkPage } from "./_page.tsx";
import { Badge } from "../components/Badge.tsx";
import { Card, EmptyState } from "../components/Card.tsx";

/** /measurements: the latest measurement of every measured task, for the office and the system administrator. */
export default async function measurementsPage(c: Context<AppEnv>) {
  const user = currentUser(c);
  const rows = await listLatestMeasurements(c.get("deps").db, companyScope(user));
  return renderWorkPage(c, {
    title: "Все замеры",
    subtitle: "Последние сохранённые замеры по задачам",
    body: (
      <Card>
        {rows.length === 0
          ? (
            <EmptyState
              icon="estimate"
              text="Замеров пока нет"
              hint="Замеры появятся, когда замерщики сохранят их на объектах."
            />
          )
          : (
            <Table columns={["Объект", "Задача", "Замерщик", num("Заполнено"), "Сохранено"]}>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.taskId}>
                    <td>
                      {r.objectId ? <a href={`/objects?objectId=${r.objectId}`}>{r.address}</a> : "Не указан"}
                    </td>
                    <td>
                      <a href={`/tasks?taskId=${r.taskId}`}>{r.taskTitle}</a>
                      <div>
                        <Badge tone={toneOf(taskStatusLabels, r.taskStatus)}>
                          {labelOf(taskStatusLabels, r.taskStatus)}
                        </Badge>
                      </div>
                    </td>
                    <td>
                      {r.surveyorFirstName || r.surveyorLastName
                        ? displayName({ firstName: r.surveyorFirstName, lastName: r.surveyorLastName })
                        : "Не назначено"}
                    </td>
                    <td className="num">{progressPercent(r.measurements)}%</td>
                    <td>
                      {formatDateTime(r.savedAt)}
                      <div className="muted small">сохранений: {r.saves}</div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
      </Card>
    ),
  });
}
