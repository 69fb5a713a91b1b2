// The private iCalendar feed of a person's tasks, made by ical-generator: a phone's calendar
// subscribes to its link and reads each visit with its address, the client's phone, the window and a link.
import ical, { ICalCalendarMethod } from "ical-generator";
import type { CalendarTask } from "../db/schedule.ts";
import { addDays, formatWindow, windowInstants } from "../domain/schedule.ts";

/** The feed's text: one event per scheduled task; a task without a window is an all-day event. */
export function calendarFeed(
  tasks: readonly CalendarTask[],
  o: { name: string; origin: string },
): string {
  // Times are written in UTC («…Z»): without a time-zone library ical-generator would write the server's wall
  // clock under TZID=Europe/Moscow. Each phone shows them in its own zone.
  const calendar = ical({ name: `ПолеСмета — ${o.name}`, method: ICalCalendarMethod.PUBLISH });
  const origin = o.origin.replace(/\/$/, "");
  for (const t of tasks) {
    if (!t.scheduledDate) continue;
    const link = `${origin}/tasks?taskId=${t.id}`;
    const timed = t.windowStart !== null && t.windowEnd !== null;
    const span = timed
      ? windowInstants(t.scheduledDate, { start: t.windowStart!, end: t.windowEnd! })
      // An all-day event's dates are calendar days; ical-generator writes them as DATE values.
      : {
        start: new Date(`${t.scheduledDate}T00:00:00Z`),
        end: new Date(`${addDays(t.scheduledDate, 1)}T00:00:00Z`),
      };
    calendar.createEvent({
      id: `task-${t.id}@polesmeta`,
      start: span.start,
      end: span.end,
      allDay: !timed,
      stamp: t.updatedAt,
      summary: t.settlement ? `${t.title} — ${t.settlement}` : t.title,
      location: t.address ?? undefined,
      url: link,
      description: [
        timed ? `Время: ${formatWindow(t.windowStart, t.windowEnd)}` : "Время не назначено",
        t.clientName ? `Клиент: ${t.clientName}` : "",
        t.clientPhone ? `Телефон: ${t.clientPhone}` : "",
        t.crewName ? `Бригада: ${t.crewName}` : "",
        `Задача: ${link}`,
      ].filter(Boolean).join("\n"),
    });
  }
  return calendar.toString();
}
