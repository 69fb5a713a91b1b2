// «Маршрут на сегодня и завтра»: the first block of the surveyor's and foreman's cabinets.
import type { Db } from "../../db/client.ts";
import { personTasks } from "../../db/schedule.ts";
import { addDays, formatLeg, formatWindow, orderRoute, routeTotal } from "../../domain/schedule.ts";
import { moscowDate } from "../../domain/dates.ts";
import { formatMkadDistance } from "../../domain/geo.ts";

/** The person's tasks of today and tomorrow in route order (domain/schedule.ts orderRoute). */
export async function dayRoutes(db: Db, user: { id: number; companyId: number | null }, now: Date) {
  if (user.companyId === null) return [];
  const today = moscowDate(now);
  const tasks = await personTasks(db, user.companyId, user.id, { from: today, to: addDays(today, 1), now });
  return [today, addDays(today, 1)].map((day) => ({
    day,
    route: orderRoute(tasks.filter((t) => t.scheduledDate === day)),
  }));
}

export function DayRoutes({ days }: { days: Awaited<ReturnType<typeof dayRoutes>> }) {
  if (days.length === 0) return null;
  return (
    <section className="card stack-sm" aria-labelledby="day-routes">
      <div className="row space-between">
        <h2 id="day-routes">Маршрут на сегодня и завтра</h2>
        <a href="/schedule?view=day">Расписание</a>
      </div>
      {days.map(({ day, route }, i) => (
        <div key={day} className="stack-sm">
          <h3 className="section-label">{i === 0 ? "Сегодня" : "Завтра"}</h3>
          {route.length === 0 && <p className="muted">Выездов нет</p>}
          {route.map(({ site: t, leg }) => (
            <div key={t.id} className="sched-item">
              {leg && <span className="sched-leg">{formatLeg(leg)}</span>}
              <a href={`/tasks?taskId=${t.id}`} className="sched-task-title">
                {formatWindow(t.windowStart, t.windowEnd) || "Весь день"} · {t.title}
              </a>
              <span className="sched-task-site">
                {[
                  t.settlement ?? t.address,
                  t.direction,
                  t.distanceFromMKAD == null ? null : formatMkadDistance(t.distanceFromMKAD),
                ]
                  .filter(Boolean).join(" · ")}
              </span>
            </div>
          ))}
          {route.length > 1 && <p className="sched-total">Весь маршрут: {formatLeg(routeTotal(route))}</p>}
        </div>
      ))}
    </section>
  );
}
